import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ResultActions } from '@/features/results/components/result-actions';
import { ResultView } from '@/features/results/components/result-view';
import { buildResultPdf } from '@/features/results/utils/result-pdf';
import { creditAnalysis } from '@/test/purpose-fixtures';

const phones = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    ddd: '11',
    numero: String(900_000_000 + index),
    tipo: 'CELULAR',
  }));

const person = {
  _aviso: 'Dados fictícios gerados para demonstração',
  DADOS_BASICOS: {
    NOME: 'Jorge Santana',
    NOME_SOCIAL: 'Jô',
    CPF: '12345678909',
    genero: 'F',
    dataNascimento: '1974-08-01',
    RENDA: 5171.59,
    SITUACAO: 'PENDENTE DE REGULARIZAÇÃO',
    pais: { mae: 'Elaine Santana', NOME_PAI: 'Antônio Teixeira' },
    SCORE_SPC: 727,
    FAIXA_SCORE: 'BOM',
  },
  rg: {
    numero: '40478926',
    ORGAO_EMISSOR: 'SSP',
    UF: 'MG',
    data: '1997-12-11',
    serie: '3ª VIA',
    digito: '2',
  },
  certificates: Array.from({ length: 15 }, (_, index) => ({ tipo: 'NASCIMENTO', numero: `c${index}` })),
  DOCUMENTOS: {
    CNS: '757457579715753',
    certidoes: Array.from({ length: 10 }, (_, index) => ({ tipo: 'CASAMENTO', numero: `n${index}` })),
  },
  pisNit: [
    { numero: '112.76943.85-1', status: 'ATIVO' },
    { numero: '112.76943.85-1', status: 'ATIVO' },
  ],
  jobs: [
    {
      empresa: 'Empresa X',
      cnpj: '11222333000181',
      admissao: '2014-10-19',
      pis: [{ numero: '120.61559.83-5' }],
    },
  ],
  credito: {
    SCORES: [
      { modelo: 'Score Positivo', score: 979, faixa: 'EXCELENTE', descricao: 'Muito baixa' },
      { modelo: 'Risco de Fraude', score: 150, faixa: 'MUITO BAIXO' },
    ],
    atualizacao: '2025-03-10',
    mosaicPrimario: { codigo: 'C16', descricao: 'Jovens profissionais' },
  },
  interests: [
    ...Array.from({ length: 75 }, (_, index) => ({ tipo: 'VEÍCULOS', descricao: `Carro ${index}` })),
    { tipo: 'IMÓVEIS', descricao: 'Casa' },
  ],
  addresses: [
    { LOGRADOURO: 'Rua das Acácias', numero: '10', CIDADE: 'Belo Horizonte', UF: 'MG', CEP: '30110000' },
  ],
  phones: phones(3),
  listaEmails: [{ EMAIL: 'jorge@example.com', principal: true }],
  relatives: [{ NOME: 'Elaine Santana', grauParentesco: 'MÃE', idade: 70 }],
  neighbors: [{ NOME: 'Vizinho', CPF: '11144477735', distancia: 120 }],
  extras: { tags: Array.from({ length: 60 }, (_, index) => `t${index}`), nota: 'livre' },
};

describe('person report', () => {
  it('reads the variants into the header card: name, CPF, age, gender, status', () => {
    render(<ResultView retorno={person} />);
    const header = screen.getByRole('region', { name: 'Dados da pessoa' });
    expect(within(header).getByRole('heading', { name: 'Jorge Santana' })).toBeInTheDocument();
    expect(within(header).getByText('Nome social: Jô')).toBeInTheDocument();
    expect(within(header).getByText('123.456.789-09')).toBeInTheDocument();
    expect(within(header).getByText(/^\d+ anos$/)).toBeInTheDocument();
    expect(within(header).getByText('Feminino')).toBeInTheDocument();
    expect(within(header).getByText('01/08/1974')).toBeInTheDocument();
    expect(within(header).getByText('PENDENTE DE REGULARIZAÇÃO')).toHaveClass('text-amber-900');
    expect(within(header).getByText('Elaine Santana')).toBeInTheDocument();
    expect(screen.getByText('Dados fictícios gerados para demonstração')).toBeInTheDocument();
    expect(screen.getByText('R$ 5.171,59')).toBeInTheDocument();
  });

  it('shows the score gauges coloured by band text', () => {
    render(<ResultView retorno={person} />);
    const serasa = screen.getByRole('heading', { name: 'Indicadores Serasa' }).closest('section')!;
    expect(
      within(serasa).getByRole('img', { name: 'Score Positivo: 979 de 1000, faixa EXCELENTE' }),
    ).toBeInTheDocument();
    expect(
      within(serasa)
        .getByRole('img', { name: 'Risco de Fraude: 150 de 1000, faixa MUITO BAIXO' })
        .closest('[data-band]'),
    ).toHaveAttribute('data-band', 'muito-baixo');
    expect(
      within(serasa).getByRole('img', { name: 'Score SPC: 727 de 1000, faixa BOM' }),
    ).toBeInTheDocument();
    expect(within(serasa).getByText('C16 - Jovens profissionais')).toBeInTheDocument();
    expect(within(serasa).getByText('Atualizado em 10/03/2025')).toBeInTheDocument();
  });

  it('gathers certificates (20 of 25), de-duplicated PIS from anywhere, and the RG', () => {
    render(<ResultView retorno={person} />);
    const certificates = screen.getByRole('region', { name: 'Certidões' });
    expect(within(certificates).getByText('20 item(s)')).toBeInTheDocument();
    expect(within(certificates).getByText('Mostrando 20 de 25')).toBeInTheDocument();
    const pis = screen.getByRole('region', { name: 'PIS/NIT' });
    expect(within(pis).getByText('2 item(s)')).toBeInTheDocument();
    expect(within(pis).getByText('112.76943.85-1')).toBeInTheDocument();
    expect(within(pis).getByText('120.61559.83-5')).toBeInTheDocument();
    expect(screen.getByText('40478926-2')).toBeInTheDocument();
    expect(screen.getByText('SSP/MG')).toBeInTheDocument();
  });

  it('shows the list sections with their item counts and formatted values', () => {
    render(<ResultView retorno={person} />);
    expect(
      within(screen.getByRole('region', { name: 'Endereços' })).getByText('30110-000'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Telefones' })).getByText('(11) 90000-0000'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Telefones' })).getByText('3 item(s)'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Emails' })).getByText('jorge@example.com'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Parentes' })).getByText('70 anos')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Vizinhos' })).getByText('120 m')).toBeInTheDocument();
    const jobs = screen.getByRole('region', { name: 'Empregos' });
    expect(within(jobs).getByText('11.222.333/0001-81')).toBeInTheDocument();
    expect(within(jobs).getByText('19/10/2014')).toBeInTheDocument();
  });

  it('lets a keyboard reach a table box that may scroll sideways, named after its table', async () => {
    render(<ResultView retorno={person} />);
    const addresses = screen.getByRole('region', { name: 'Endereços: tabela com rolagem' });
    expect(within(addresses).getByRole('table')).toBeInTheDocument();
    const user = userEvent.setup();
    for (let step = 0; step < 40 && document.activeElement !== addresses; step += 1) await user.tab();
    expect(addresses).toHaveFocus();
  });

  it('groups interests 60 per group and counts the hidden ones', () => {
    render(<ResultView retorno={person} />);
    const vehicles = screen.getByRole('region', { name: 'VEÍCULOS' });
    expect(within(vehicles).getAllByRole('listitem')).toHaveLength(60);
    expect(within(vehicles).getByText(/\+ 15 itens ocultos/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'IMÓVEIS' })).getByText('Casa')).toBeInTheDocument();
  });

  it('puts everything else in the generic view, chips capped at 50 with +n', () => {
    render(<ResultView retorno={person} />);
    const tags = screen.getByRole('list', { name: 'tags' });
    expect(within(tags).getAllByRole('listitem')).toHaveLength(51);
    expect(within(tags).getByText('+10')).toBeInTheDocument();
    expect(screen.getByText('livre')).toBeInTheDocument();
  });

  it('virtualises long tables so thousands of rows stay smooth', async () => {
    // happy-dom lays nothing out: give the scroll box the size a browser would.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(448);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    render(<ResultView retorno={{ ...person, phones: phones(2000) }} />);
    const region = screen.getByRole('region', { name: 'Telefones' });
    expect(within(region).getByText('2.000 item(s)')).toBeInTheDocument();
    await waitFor(() => expect(within(region).getAllByRole('row').length).toBeGreaterThan(10));
    expect(within(region).getAllByRole('row').length).toBeLessThan(100);
    expect(within(region).getByText('(11) 90000-0000')).toBeInTheDocument();
    expect(within(region).queryByText('(11) 90000-1999')).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });
});

describe('generic results', () => {
  it('shows a company with Dados Básicos, status badges, pt-BR dates, boxes and tables', () => {
    render(
      <ResultView
        retorno={{
          CNPJ: '11222333000181',
          nomeEmpresarial: 'EXEMPLO LTDA',
          SITUACAO_CADASTRAL: 'BAIXADA',
          DATA_ABERTURA: '2013-10-08',
          opcaoSimples: true,
          CNAE_PRINCIPAL: { codigo: '9602-5/01', descricao: 'Cabeleireiros' },
          QSA: [{ nome: 'Sócio', qualificacao: 'ADMINISTRADOR', entrada: '2014-01-02' }],
        }}
      />,
    );
    const basics = screen.getByRole('heading', { name: 'Dados Básicos' }).closest('section')!;
    expect(within(basics).getByText('11.222.333/0001-81')).toBeInTheDocument();
    expect(within(basics).getByText('Razão social')).toBeInTheDocument();
    expect(within(basics).getByText('BAIXADA')).toHaveClass('text-red-800');
    expect(within(basics).getByText('08/10/2013')).toBeInTheDocument();
    expect(within(basics).getByText('Sim')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'CNAE principal' })).toBeInTheDocument();
    const partners = screen.getByRole('region', { name: 'Quadro societário' });
    expect(within(partners).getByText('1 item(s)')).toBeInTheDocument();
    expect(within(partners).getByText('02/01/2014')).toBeInTheDocument();
  });

  it("shows a company's phones as one formatted Telefone column, the address number and CEP DDD as they are", () => {
    render(
      <ResultView
        retorno={{
          cnpj: '11222333000181',
          razaoSocial: 'Alfa Comércio Ltda',
          endereco: { logradouro: 'Rua 7', numero: '120', cep: '74000100', ddd: '62' },
          telefones: [
            { ddd: '62', numero: '38323983', tipo: 'COMERCIAL', principal: true },
            { ddd: '62', numero: '981234567', tipo: 'COMERCIAL', principal: false },
          ],
        }}
      />,
    );
    const phonesTable = screen.getByRole('region', { name: 'Telefones' });
    const headers = within(phonesTable)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Telefone', 'Tipo', 'Principal']);
    const firstRow = within(phonesTable).getAllByRole('row')[1]!;
    expect(within(firstRow).getAllByRole('cell')[0]).toHaveTextContent('(62) 3832-3983');
    expect(within(phonesTable).getByRole('cell', { name: '(62) 98123-4567' })).toBeInTheDocument();
    const address = screen.getByRole('heading', { name: 'Endereço' }).closest('section')!;
    expect(within(address).getByText('Número')).toBeInTheDocument();
    expect(within(address).getByText('120')).toBeInTheDocument();
    expect(within(address).getByText('DDD')).toBeInTheDocument();
  });

  it('shows one block per record for name searches', () => {
    render(
      <ResultView
        retorno={{
          total: 2,
          RESULTADOS: [
            { nome: 'Ana Lima', cpf: '11144477735' },
            { nome: 'Ana Souza', cpf: '52998224725' },
          ],
        }}
      />,
    );
    expect(screen.getByText('Registro 1 de 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ana Souza' })).toBeInTheDocument();
  });
});

describe('result actions', () => {
  const info = { moduleName: 'CPF Completo', issuedAt: new Date('2026-01-02T15:04:05Z') };

  it('copies the report text to the clipboard', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<ResultActions retorno={person} info={info} onClear={() => {}} />);

    await user.click(screen.getByRole('button', { name: 'Copiar' }));

    const text = writeText.mock.calls[0]?.[0] ?? '';
    expect(text).toContain('RESULTADO DA CONSULTA');
    expect(text).toContain('Módulo: CPF Completo');
    expect(text).toContain('[Serasa]');
    expect(text).toContain('Score Positivo: 979 (EXCELENTE)');
    expect(text).toContain(JSON.stringify(person, null, 2));
  });

  it('lays out the print document with header, module, time and footer, then prints', async () => {
    const user = userEvent.setup();
    let printed: string | null = null;
    vi.stubGlobal('print', () => {
      printed = document.querySelector('[data-testid="print-document"]')?.textContent ?? null;
    });
    render(<ResultActions retorno={person} info={info} onClear={() => {}} />);

    await user.click(screen.getByRole('button', { name: 'Print' }));

    expect(printed).toContain('Resultado da Consulta');
    expect(printed).toContain('Módulo: CPF Completo');
    expect(printed).toContain('Emitido em: 02/01/2026, 12:04:05');
    expect(printed).toContain('uso interno');
    expect(printed).not.toContain('Finalidade');
    expect(document.querySelector('[data-testid="print-document"]')).toBeNull();
  });

  it("prints and saves the lookup's purpose, legal basis and justification under the header", async () => {
    const user = userEvent.setup();
    let printed: string | null = null;
    vi.stubGlobal('print', () => {
      printed = document.querySelector('[data-testid="print-document"]')?.textContent ?? null;
    });
    const withPurpose = { ...info, purpose: creditAnalysis, justification: 'Pedido de crédito 123' };
    render(<ResultActions retorno={person} info={withPurpose} />);

    await user.click(screen.getByRole('button', { name: 'Print' }));

    expect(printed).toContain('Finalidade: Análise de crédito');
    expect(printed).toContain('Base legal: Proteção do crédito (art. 7º, X)');
    expect(printed).toContain('Justificativa: Pedido de crédito 123');

    const raw = (await buildResultPdf(person, withPurpose)).output();
    expect(raw).toContain('Finalidade: Análise de crédito');
    // PDF strings escape their parentheses.
    expect(raw).toContain('Base legal: Proteção do crédito \\(art. 7º, X\\)');
    expect(raw).toContain('Justificativa: Pedido de crédito 123');
  });

  it('builds an A4 portrait PDF with the header and page numbers', async () => {
    const doc = await buildResultPdf({ ...person, phones: phones(400) }, info);
    const bytes = new Uint8Array(doc.output('arraybuffer'));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(doc.getNumberOfPages()).toBeGreaterThan(1);
    const size = doc.internal.pageSize;
    expect([Math.round(size.getWidth()), Math.round(size.getHeight())]).toEqual([210, 297]);
    const raw = doc.output();
    expect(raw).toContain('Resultado da Consulta');
    expect(raw).toContain(`Página 1 de ${doc.getNumberOfPages()}`);
  });
});
