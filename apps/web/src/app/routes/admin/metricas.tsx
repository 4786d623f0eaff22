import { MetricsPage } from '@/features/metrics/components/metrics-page';

export function Component() {
  return <MetricsPage />;
}
