import type { InputField } from './schema/modules.ts';

/** The demo catalogue seeded on first start: every lookup kind, wired to the built-in provider. */
interface DemoModule {
  nome: string;
  descricao: string;
  apiUrl: string;
  tipoLimite: 'quantidade' | 'creditos';
  precoCents?: number;
  limitePadraoQuantidade?: number;
  camposEntrada: InputField[];
}

const field = (nome: string, tipo: InputField['tipo'], mascara: string | null = null): InputField => ({
  nome,
  tipo,
  obrigatorio: true,
  mascara,
});

export const demoModules: DemoModule[] = [
  {
    nome: 'CPF Completo',
    descricao: 'Dados cadastrais, endereços, telefones, parentes, score e mais a partir do CPF',
    apiUrl: '/demo-api/cpf/{cpf}',
    tipoLimite: 'quantidade',
    limitePadraoQuantidade: 100,
    camposEntrada: [field('cpf', 'cpf')],
  },
  {
    nome: 'Nome',
    descricao: 'Pessoas com o nome informado',
    apiUrl: '/demo-api/nome/{nome}',
    tipoLimite: 'quantidade',
    limitePadraoQuantidade: 50,
    camposEntrada: [field('nome', 'text')],
  },
  {
    nome: 'Nome da Mãe',
    descricao: 'Pessoas pelo nome da mãe',
    apiUrl: '/demo-api/mae/{nome}',
    tipoLimite: 'quantidade',
    limitePadraoQuantidade: 50,
    camposEntrada: [field('nome', 'text')],
  },
  {
    nome: 'Nome do Pai',
    descricao: 'Pessoas pelo nome do pai',
    apiUrl: '/demo-api/pai/{nome}',
    tipoLimite: 'quantidade',
    limitePadraoQuantidade: 50,
    camposEntrada: [field('nome', 'text')],
  },
  {
    nome: 'Telefone',
    descricao: 'Titulares e operadora de um telefone',
    apiUrl: '/demo-api/telefone/{telefone}',
    tipoLimite: 'quantidade',
    camposEntrada: [field('telefone', 'telefone')],
  },
  {
    nome: 'Email',
    descricao: 'Titular de um endereço de email',
    apiUrl: '/demo-api/email/{email}',
    tipoLimite: 'quantidade',
    camposEntrada: [field('email', 'email')],
  },
  {
    nome: 'RG',
    descricao: 'Pessoa pelo número do RG',
    apiUrl: '/demo-api/rg/{rg}',
    tipoLimite: 'quantidade',
    camposEntrada: [field('rg', 'number')],
  },
  {
    nome: 'CNS',
    descricao: 'Pessoa pelo Cartão Nacional de Saúde',
    apiUrl: '/demo-api/cns/{cns}',
    tipoLimite: 'quantidade',
    camposEntrada: [field('cns', 'cns')],
  },
  {
    nome: 'Título de Eleitor',
    descricao: 'Pessoa pelo título de eleitor',
    apiUrl: '/demo-api/titulo/{titulo}',
    tipoLimite: 'quantidade',
    camposEntrada: [field('titulo', 'titulo')],
  },
  {
    nome: 'NIS',
    descricao: 'Pessoa pelo NIS',
    apiUrl: '/demo-api/nis/{nis}',
    tipoLimite: 'quantidade',
    camposEntrada: [field('nis', 'pis')],
  },
  {
    nome: 'PIS',
    descricao: 'Pessoa pelo PIS/PASEP',
    apiUrl: '/demo-api/pis/{pis}',
    tipoLimite: 'quantidade',
    camposEntrada: [field('pis', 'pis')],
  },
  {
    nome: 'CEP',
    descricao: 'Endereço e moradores de um CEP',
    apiUrl: '/demo-api/cep/{cep}',
    tipoLimite: 'quantidade',
    camposEntrada: [field('cep', 'cep')],
  },
  {
    nome: 'CNPJ',
    descricao: 'Empresa, sócios, CNAE e endereço pelo CNPJ',
    apiUrl: '/demo-api/cnpj/{cnpj}',
    tipoLimite: 'creditos',
    precoCents: 100,
    camposEntrada: [field('cnpj', 'cnpj')],
  },
  {
    nome: 'Razão Social',
    descricao: 'Empresas pelo nome',
    apiUrl: '/demo-api/razao-social/{nome}',
    tipoLimite: 'creditos',
    precoCents: 150,
    camposEntrada: [field('nome', 'text')],
  },
  {
    nome: 'Placa',
    descricao: 'Veículo, proprietário e restrições pela placa',
    apiUrl: '/demo-api/placa/{placa}',
    tipoLimite: 'creditos',
    precoCents: 200,
    camposEntrada: [field('placa', 'placa')],
  },
  {
    nome: 'Chassi',
    descricao: 'Veículo pelo chassi',
    apiUrl: '/demo-api/chassi/{chassi}',
    tipoLimite: 'creditos',
    precoCents: 200,
    camposEntrada: [field('chassi', 'chassi')],
  },
  {
    nome: 'Renavam',
    descricao: 'Veículo pelo Renavam',
    apiUrl: '/demo-api/renavam/{renavam}',
    tipoLimite: 'creditos',
    precoCents: 200,
    camposEntrada: [field('renavam', 'renavam')],
  },
  {
    nome: 'Motor',
    descricao: 'Veículo pelo número do motor',
    apiUrl: '/demo-api/motor/{motor}',
    tipoLimite: 'creditos',
    precoCents: 250,
    camposEntrada: [field('motor', 'string')],
  },
];
