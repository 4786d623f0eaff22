import { formatIsoDate } from '@painel/shared/rules/result-display';
import { isObject, readField, readList, readText } from '@painel/shared/rules/result-fields';
import { type ScoreBand, scoreBand, scoreFraction } from '@painel/shared/rules/score-bands';

import { FieldGrid, ResultBox } from '@/features/results/components/generic-view';
import { cn } from '@/lib/utils';

/**
 * Five colour bands (docs/product/lookups.md#result-view): red, orange, yellow, lime, green. Each chip's
 * text reads at least 4.5:1 on its colour (white on orange-500 read 2.9:1, on emerald-600 3.7:1).
 */
const bandStyles: Record<ScoreBand, { stroke: string; text: string; chip: string }> = {
  'muito-baixo': {
    stroke: 'stroke-red-600 dark:stroke-red-400',
    text: 'text-red-700 dark:text-red-300',
    chip: 'bg-red-600 text-white',
  },
  baixo: {
    stroke: 'stroke-orange-500 dark:stroke-orange-400',
    text: 'text-orange-700 dark:text-orange-300',
    chip: 'bg-orange-500 text-orange-950',
  },
  medio: {
    stroke: 'stroke-yellow-500 dark:stroke-yellow-400',
    text: 'text-yellow-700 dark:text-yellow-300',
    chip: 'bg-yellow-400 text-yellow-950',
  },
  bom: {
    stroke: 'stroke-lime-500 dark:stroke-lime-400',
    text: 'text-lime-700 dark:text-lime-300',
    chip: 'bg-lime-500 text-lime-950',
  },
  excelente: {
    stroke: 'stroke-emerald-600 dark:stroke-emerald-400',
    text: 'text-emerald-700 dark:text-emerald-300',
    chip: 'bg-emerald-700 text-white',
  },
};

const ARC = 'M 10 50 A 40 40 0 0 1 90 50';

/** A 0–1000 half-circle gauge coloured by band. */
export function ScoreGauge({ score, faixa, label }: { score: number; faixa?: string | null; label: string }) {
  const band = scoreBand(score, faixa);
  const style = bandStyles[band];
  return (
    <figure className="grid justify-items-center gap-1" data-band={band}>
      <svg
        viewBox="0 0 100 56"
        className="w-full max-w-40"
        role="img"
        aria-label={`${label}: ${score} de 1000${faixa ? `, faixa ${faixa}` : ''}`}
      >
        <path
          d={ARC}
          pathLength={1}
          fill="none"
          strokeWidth={9}
          strokeLinecap="round"
          className="stroke-muted"
        />
        <path
          d={ARC}
          pathLength={1}
          fill="none"
          strokeWidth={9}
          strokeLinecap="round"
          strokeDasharray={`${scoreFraction(score)} 1`}
          className={style.stroke}
        />
        <text
          x="50"
          y="46"
          textAnchor="middle"
          className={cn('fill-current text-[18px] font-bold', style.text)}
        >
          {score}
        </text>
      </svg>
      <figcaption className="flex w-full justify-between text-[10px] text-muted-foreground">
        <span>0</span>
        <span>1000</span>
      </figcaption>
    </figure>
  );
}

export function BandChip({ score, faixa }: { score: number; faixa: string }) {
  const style = bandStyles[scoreBand(score, faixa)];
  return (
    <span className={cn('w-fit rounded-md px-2 py-0.5 text-xs font-semibold', style.chip)}>{faixa}</span>
  );
}

function ScoreCard({ row }: { row: Record<string, unknown> }) {
  const score = Number(readField(row, 'score'));
  const faixa = readText(row, 'faixa');
  const modelo = readText(row, 'modelo') || 'Score';
  const descricao = readText(row, 'descricao');
  if (!Number.isFinite(score)) return null;
  return (
    <li className="grid content-start justify-items-center gap-2 rounded-lg border bg-background/50 p-3 text-center">
      <p className="flex min-h-10 items-center text-sm font-medium">{modelo}</p>
      <ScoreGauge score={score} faixa={faixa} label={modelo} />
      {faixa && <BandChip score={score} faixa={faixa} />}
      {descricao && <p className="text-xs text-muted-foreground">{descricao}</p>}
    </li>
  );
}

const MOSAICS = [
  ['mosaic', 'Mosaic primário'],
  ['mosaicSecundario', 'Mosaic secundário'],
  ['mosaicNovo', 'Mosaic novo'],
] as const;

function ScoreBlock({ title, block }: { title: string; block: Record<string, unknown> }) {
  const scores = readList(block, 'scores');
  const updated = readText(block, 'atualizacao');
  const mosaics = MOSAICS.flatMap(([field, label]) => {
    const mosaic = readField(block, field);
    if (!isObject(mosaic)) return [];
    const text = [readText(mosaic, 'codigo'), readText(mosaic, 'descricao')].filter(Boolean).join(' - ');
    return text ? [[label, text] as [string, string]] : [];
  });
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-baseline gap-2">
        <h4 className="font-medium">{title}</h4>
        {updated && (
          <span className="text-xs text-muted-foreground">Atualizado em {formatIsoDate(updated)}</span>
        )}
      </div>
      {scores.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {scores.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: score rows have no id
            <ScoreCard key={index} row={row} />
          ))}
        </ul>
      )}
      {mosaics.length > 0 && <FieldGrid entries={mosaics} />}
    </div>
  );
}

/** 'Indicadores Serasa': the two analytics blocks and the SPC score (docs/product/lookups.md#result-view). */
export function SerasaSection({
  person,
  spc,
}: {
  person: unknown;
  spc: { score: number; faixa: string } | null;
}) {
  const blocks = (
    [
      ['analytics', 'Analytics'],
      ['serasa', 'Serasa'],
    ] as const
  ).flatMap(([field, title]) => {
    const block = readField(person, field);
    return isObject(block) ? [{ title, block }] : [];
  });
  if (blocks.length === 0 && !spc) return null;
  return (
    <ResultBox title="Indicadores Serasa">
      {spc && (
        <div className="flex flex-wrap items-center gap-4 rounded-lg border bg-background/50 p-3">
          <div className="w-36">
            <ScoreGauge score={spc.score} faixa={spc.faixa} label="Score SPC" />
          </div>
          <div className="grid gap-1">
            <p className="font-medium">Score SPC</p>
            {spc.faixa && <BandChip score={spc.score} faixa={spc.faixa} />}
          </div>
        </div>
      )}
      {blocks.map(({ title, block }) => (
        <ScoreBlock key={title} title={title} block={block} />
      ))}
    </ResultBox>
  );
}
