import { formatCep, formatCnpj, formatPhone, formatPis } from '@painel/shared/rules/documents';
import {
  ageFromBirthDate,
  formatBirthDate,
  formatFieldValue,
  genderLabel,
  groupInterests,
} from '@painel/shared/rules/result-display';
import { basicDataOf, extractCertificates, extractPis, extractRg } from '@painel/shared/rules/result-extract';
import {
  isObject,
  type JsonObject,
  keysOf,
  readField,
  readList,
  readText,
} from '@painel/shared/rules/result-fields';
import { UserRound } from 'lucide-react';
import type { ReactNode } from 'react';

import { Badge } from '@/components/ui/badge';
import { type Column, DataTable } from '@/features/results/components/data-table';
import {
  FieldGrid,
  GenericObject,
  primitiveEntries,
  ResultBox,
} from '@/features/results/components/generic-view';
import { SerasaSection } from '@/features/results/components/score-gauge';
import { StatusBadge } from '@/features/results/components/value-text';

const text = (row: JsonObject, field: string) => readText(row, field);
const flag = (row: JsonObject, field: string) => {
  const value = readField(row, field);
  return typeof value === 'boolean' ? (value ? 'Sim' : 'Não') : '-';
};
const dateOf = (row: JsonObject, field: string) => formatFieldValue(field, text(row, field) || null);
const join = (...parts: string[]) => parts.filter(Boolean).join(' - ') || '-';

const ADDRESS_COLUMNS: Column[] = [
  {
    field: 'logradouro',
    header: 'Logradouro',
    render: (row) =>
      [text(row, 'logradouro'), text(row, 'numero'), text(row, 'complemento')].filter(Boolean).join(', ') ||
      '-',
  },
  { field: 'bairro', header: 'Bairro' },
  {
    field: 'cidade',
    header: 'Cidade/UF',
    render: (row) => [text(row, 'cidade'), text(row, 'uf')].filter(Boolean).join('/') || '-',
  },
  { field: 'cep', header: 'CEP', render: (row) => formatCep(text(row, 'cep')) || '-' },
  { field: 'principal', header: 'Principal', render: (row) => flag(row, 'principal') },
  { field: 'origem', header: 'Origem' },
  { field: 'atualizado', header: 'Atualizado', render: (row) => dateOf(row, 'atualizado') },
];

const PHONE_COLUMNS: Column[] = [
  {
    field: 'numero',
    header: 'Telefone',
    render: (row) => formatPhone(`${text(row, 'ddd')}${text(row, 'numero')}`) || '-',
  },
  { field: 'tipo', header: 'Tipo' },
  { field: 'tipoLinha', header: 'Linha' },
  { field: 'tipoUso', header: 'Uso' },
  { field: 'principal', header: 'Principal', render: (row) => flag(row, 'principal') },
  { field: 'origem', header: 'Origem' },
  { field: 'atualizado', header: 'Atualizado', render: (row) => dateOf(row, 'atualizado') },
];

const EMAIL_COLUMNS: Column[] = [
  { field: 'email', header: 'Email' },
  { field: 'score', header: 'Score' },
  { field: 'blacklist', header: 'Blacklist', render: (row) => flag(row, 'blacklist') },
  { field: 'principal', header: 'Principal', render: (row) => flag(row, 'principal') },
  { field: 'origem', header: 'Origem' },
  { field: 'atualizado', header: 'Atualizado', render: (row) => dateOf(row, 'atualizado') },
];

const RELATIVE_COLUMNS: Column[] = [
  { field: 'nome', header: 'Nome' },
  { field: 'parentesco', header: 'Parentesco' },
  { field: 'tipoVinculo', header: 'Vínculo' },
  {
    field: 'idade',
    header: 'Idade',
    render: (row) => {
      const idade = text(row, 'idade');
      if (idade) return `${idade} anos`;
      const nasc = text(row, 'nasc');
      const age = nasc ? ageFromBirthDate(nasc) : null;
      return age === null ? '-' : `${age} anos (${formatBirthDate(nasc)})`;
    },
  },
  { field: 'cpf', header: 'CPF' },
];

const NEIGHBOUR_COLUMNS: Column[] = [
  { field: 'nome', header: 'Nome' },
  { field: 'cpf', header: 'CPF' },
  {
    field: 'distancia',
    header: 'Distância',
    render: (row) => {
      const metres = Number(readField(row, 'distancia'));
      return Number.isFinite(metres) ? `${metres.toLocaleString('pt-BR')} m` : '-';
    },
  },
];

const JOB_COLUMNS: Column[] = [
  { field: 'empresa', header: 'Empresa' },
  { field: 'cnpj', header: 'CNPJ', render: (row) => formatCnpj(text(row, 'cnpj')) || '-' },
  { field: 'cargo', header: 'Cargo' },
  { field: 'admissao', header: 'Admissão', render: (row) => dateOf(row, 'admissao') },
  { field: 'demissao', header: 'Demissão', render: (row) => dateOf(row, 'demissao') },
  { field: 'situacao', header: 'Situação' },
  {
    field: 'cbo',
    header: 'CBO',
    render: (row) => {
      const cbo = readField(row, 'cbo');
      return isObject(cbo) ? join(text(cbo, 'numero'), text(cbo, 'descricao')) : text(row, 'cbo') || '-';
    },
  },
  {
    field: 'ctps',
    header: 'CTPS',
    render: (row) => {
      const ctps = readField(row, 'ctps');
      return isObject(ctps)
        ? [text(ctps, 'numero'), text(ctps, 'serie')].filter(Boolean).join(' / ') || '-'
        : '-';
    },
  },
];

const CERTIFICATE_COLUMNS: Column[] = [
  { field: 'tipo', header: 'Tipo' },
  { field: 'numero', header: 'Número' },
  { field: 'cartorio', header: 'Cartório' },
  {
    field: 'municipio',
    header: 'Município/UF',
    render: (row) => [text(row, 'municipio'), text(row, 'uf')].filter(Boolean).join('/') || '-',
  },
  { field: 'data', header: 'Data', render: (row) => dateOf(row, 'data') },
  { field: 'livro', header: 'Livro' },
  { field: 'folha', header: 'Folha' },
  { field: 'termo', header: 'Termo' },
  { field: 'matricula', header: 'Matrícula' },
  { field: 'registro', header: 'Registro' },
];

const PIS_COLUMNS: Column[] = [
  { field: 'numero', header: 'Número', render: (row) => formatPis(text(row, 'numero')) || '-' },
  { field: 'inclusao', header: 'Inclusão', render: (row) => dateOf(row, 'inclusao') },
  { field: 'atualizacao', header: 'Atualização', render: (row) => dateOf(row, 'atualizacao') },
  { field: 'situacao', header: 'Situação' },
  { field: 'categoria', header: 'Categoria' },
  { field: 'origem', header: 'Origem' },
];

/** Keys the person report shows in its own sections; everything else goes to the generic view. */
const PERSON_SECTION_KEYS = keysOf([
  'dadosBasicos',
  'registroGeral',
  'documentos',
  'certidoes',
  'pis',
  'analytics',
  'serasa',
  'interesses',
  'enderecos',
  'telefones',
  'emails',
  'parentes',
  'vizinhos',
  'empregos',
]);
const BASIC_KEYS = keysOf([
  'nome',
  'nomeSocial',
  'cpf',
  'sexo',
  'racaCor',
  'signo',
  'rendaAtual',
  'nasc',
  'filiacao',
  'scoreSpc',
  'scoreFaixa',
  'situacao',
  'vipSus',
  'empresario',
  'aposentado',
  'servidorPubl',
]);
const HEADER_KEYS = keysOf([
  'nome',
  'nomeSocial',
  'cpf',
  'sexo',
  'situacao',
  'filiacao',
  'nasc',
  'scoreSpc',
  'scoreFaixa',
]);

function PersonHeader({ basic }: { basic: JsonObject }) {
  const nome = readText(basic, 'nome') || 'Sem nome';
  const nomeSocial = readText(basic, 'nomeSocial');
  const cpf = readText(basic, 'cpf');
  const nasc = readText(basic, 'nasc');
  const age = nasc ? ageFromBirthDate(nasc) : null;
  const sexo = readText(basic, 'sexo');
  const situacao = readText(basic, 'situacao');
  const filiacao = readField(basic, 'filiacao');
  const flags = (
    [
      ['vipSus', 'VIP SUS'],
      ['empresario', 'Empresário'],
      ['aposentado', 'Aposentado'],
      ['servidorPubl', 'Servidor público'],
    ] as const
  ).filter(([field]) => readField(basic, field) === true);
  const facts: [string, ReactNode][] = [
    ['CPF', cpf ? formatFieldValue('cpf', cpf) : '-'],
    ['Idade', age === null ? '-' : `${age} anos`],
    ['Nascimento', nasc ? formatBirthDate(nasc) : '-'],
    ['Sexo', sexo ? genderLabel(sexo) : '-'],
  ];
  if (isObject(filiacao)) {
    facts.push(['Mãe', readText(filiacao, 'nomeMae') || '-'], ['Pai', readText(filiacao, 'nomePai') || '-']);
  }
  return (
    <section
      aria-label="Dados da pessoa"
      className="result-section grid gap-4 rounded-xl border bg-gradient-to-br from-primary/10 to-card p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
          <UserRound className="size-6" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h3 className="text-lg leading-tight font-semibold break-words">{nome}</h3>
          {nomeSocial && <p className="text-sm text-muted-foreground">Nome social: {nomeSocial}</p>}
        </div>
        {situacao && (
          <div className="grid justify-items-end gap-0.5 text-right">
            <span className="text-xs text-muted-foreground">Situação cadastral</span>
            <StatusBadge value={situacao} />
          </div>
        )}
      </div>
      <FieldGrid entries={facts} />
      {flags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Indicadores">
          {flags.map(([, label]) => (
            <li key={label}>
              <Badge variant="secondary">{label}</Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DocumentsSection({ person }: { person: JsonObject }) {
  const rg = extractRg(person);
  const documentos = readField(person, 'documentos');
  const certificates = extractCertificates(person);
  const pis = extractPis(person);
  const docEntries = isObject(documentos) ? primitiveEntries(documentos) : [];
  const rgEntries: [string, ReactNode][] = rg
    ? [
        ['RG', [rg.numero, rg.digito].filter(Boolean).join('-')],
        ['Órgão emissor', [rg.orgao, rg.uf].filter(Boolean).join('/') || '-'],
        ['Emissão', rg.data ? formatFieldValue('data', rg.data) : '-'],
        ['Via', rg.serie || '-'],
      ]
    : [];
  if (rgEntries.length + docEntries.length + certificates.total + pis.total === 0) return null;
  return (
    <ResultBox title="Documentos">
      <FieldGrid entries={[...rgEntries, ...docEntries]} />
      {certificates.total > 0 && (
        <DataTable
          title="Certidões"
          headingLevel={4}
          rows={certificates.items}
          columns={CERTIFICATE_COLUMNS}
          note={
            certificates.total > certificates.items.length
              ? `Mostrando ${certificates.items.length} de ${certificates.total}`
              : undefined
          }
        />
      )}
      {pis.total > 0 && (
        <DataTable
          title="PIS/NIT"
          headingLevel={4}
          rows={pis.items.map((entry) => ({ ...entry.details, numero: entry.numero }))}
          columns={PIS_COLUMNS}
          note={
            pis.total > pis.items.length
              ? `Mostrando ${pis.items.length} de ${pis.total} números distintos`
              : undefined
          }
        />
      )}
    </ResultBox>
  );
}

function InterestsSection({ person }: { person: JsonObject }) {
  const interests = readField(person, 'interesses');
  if (!Array.isArray(interests) || interests.length === 0) return null;
  const groups = groupInterests(interests);
  return (
    <ResultBox
      title="Interesses"
      actions={<Badge variant="secondary">{interests.length.toLocaleString('pt-BR')} item(s)</Badge>}
    >
      <div className="grid gap-3 md:grid-cols-2">
        {groups.map((group) => (
          <section
            key={group.tipo}
            className="grid content-start gap-2 rounded-lg border bg-background/50 p-3"
            aria-label={group.tipo}
          >
            <div className="flex flex-wrap items-center gap-2">
              <h4 className="text-sm font-semibold">{group.tipo}</h4>
              <Badge variant="outline">{group.total.toLocaleString('pt-BR')}</Badge>
            </div>
            <ul className="flex flex-wrap gap-1.5">
              {group.items.map((item, index) => {
                const valor = readField(item, 'valor');
                const details = [
                  text(item, 'origem'),
                  text(item, 'data') ? formatFieldValue('data', text(item, 'data')) : '',
                  typeof valor === 'number' ? formatFieldValue('valor', valor) : '',
                ]
                  .filter(Boolean)
                  .join(' · ');
                return (
                  <li
                    // biome-ignore lint/suspicious/noArrayIndexKey: interests repeat
                    key={index}
                    title={details}
                    className="rounded-full border bg-muted px-2.5 py-0.5 text-xs"
                  >
                    {text(item, 'descricao') || '-'}
                  </li>
                );
              })}
            </ul>
            {group.hidden > 0 && (
              <p className="text-xs text-muted-foreground">
                + {group.hidden.toLocaleString('pt-BR')} itens ocultos (mostrando {group.items.length} de{' '}
                {group.total.toLocaleString('pt-BR')})
              </p>
            )}
          </section>
        ))}
      </div>
    </ResultBox>
  );
}

function ListSection({
  person,
  field,
  title,
  columns,
}: {
  person: JsonObject;
  field: string;
  title: string;
  columns: Column[];
}) {
  if (readField(person, field) === undefined) return null;
  return (
    <div className="result-section rounded-xl border bg-card p-4 shadow-sm">
      <DataTable title={title} rows={readList(person, field)} columns={columns} />
    </div>
  );
}

/** A person report (docs/product/lookups.md#result-view). */
export function PersonReport({ person }: { person: JsonObject }) {
  const basic = basicDataOf(person);
  const flat = basic === person;
  const scoreSpc = Number(readField(basic, 'scoreSpc'));
  const spc =
    Number.isFinite(scoreSpc) && readField(basic, 'scoreSpc') !== undefined
      ? { score: scoreSpc, faixa: readText(basic, 'scoreFaixa') }
      : null;
  const summary = primitiveEntries(basic, HEADER_KEYS);
  // Flat basic data sits beside the sections: its fields are already in 'Dados Básicos'.
  const shownAsBasic = flat
    ? Object.keys(person).filter((key) => !isObject(person[key]) && !Array.isArray(person[key]))
    : [];
  const rest = new Set([...PERSON_SECTION_KEYS, ...BASIC_KEYS, ...shownAsBasic]);

  return (
    <div className="grid min-w-0 gap-4">
      <PersonHeader basic={basic} />
      {summary.length > 0 && (
        <ResultBox title="Dados Básicos">
          <FieldGrid entries={summary} />
        </ResultBox>
      )}
      <SerasaSection person={person} spc={spc} />
      <DocumentsSection person={person} />
      <ListSection person={person} field="enderecos" title="Endereços" columns={ADDRESS_COLUMNS} />
      <ListSection person={person} field="telefones" title="Telefones" columns={PHONE_COLUMNS} />
      <ListSection person={person} field="emails" title="Emails" columns={EMAIL_COLUMNS} />
      <ListSection person={person} field="parentes" title="Parentes" columns={RELATIVE_COLUMNS} />
      <ListSection person={person} field="vizinhos" title="Vizinhos" columns={NEIGHBOUR_COLUMNS} />
      <ListSection person={person} field="empregos" title="Empregos" columns={JOB_COLUMNS} />
      <InterestsSection person={person} />
      <GenericObject data={person} exclude={rest} summaryTitle="Outros dados" />
    </div>
  );
}
