import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

import type { MetricsResponse } from '@/features/metrics/api/get-metrics';
import { formatDay } from '@/lib/format';

const labels = { lookups: 'Consultas', signups: 'Cadastros' } as const;

/**
 * Daily sign-ups and lookups; recharts is heavy, so the metrics page loads this file lazily.
 * No animation: the figures are the point, and a re-applied filter should not redraw from zero.
 */
export function DailyChart({ daily }: { daily: MetricsResponse['daily'] }) {
  return (
    <div className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={daily} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={(date: string) => formatDay(date, { withYear: false })}
            tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
            stroke="var(--border)"
            minTickGap={16}
          />
          <YAxis
            allowDecimals={false}
            tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
            stroke="var(--border)"
          />
          <Tooltip
            labelFormatter={(date) => formatDay(String(date))}
            formatter={(value, name) => [value, labels[name as keyof typeof labels] ?? name]}
            contentStyle={{
              background: 'var(--popover)',
              border: '1px solid var(--border)',
              borderRadius: 8,
              color: 'var(--popover-foreground)',
            }}
            cursor={{ fill: 'var(--muted)', opacity: 0.6 }}
          />
          <Legend formatter={(name) => labels[name as keyof typeof labels] ?? name} />
          <Bar
            dataKey="lookups"
            fill="var(--primary)"
            radius={[3, 3, 0, 0]}
            maxBarSize={28}
            isAnimationActive={false}
          />
          <Line
            dataKey="signups"
            type="linear"
            stroke="var(--success)"
            strokeWidth={2}
            dot={daily.length <= 31}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
