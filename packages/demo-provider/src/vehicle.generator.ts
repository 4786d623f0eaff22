/** A fictitious vehicle as a DETRAN query shows one: identification, specification, status, owner. */
import { isoDate, REFERENCE_DAY, randomDay, yearsBefore } from './calendar.ts';
import { FUELS, VEHICLE_COLOURS, VEHICLE_MODELS, VEHICLE_RESTRICTIONS } from './catalogues.ts';
import { cityPick, companyName, fullName, nameFor } from './contact.generator.ts';
import {
  cnpjFor,
  cpfFor,
  generateChassis,
  generateCnpj,
  generateCpf,
  generatePlate,
  generateRenavam,
} from './document-numbers.ts';
import type { Dialect } from './field-variants.ts';
import { createRandom } from './random.ts';

/** What the lookup was given: one of the four keys of a vehicle, already normalised. */
export interface VehicleKey {
  placa?: string;
  chassi?: string;
  renavam?: string;
  motor?: string;
}

const OLD_PLATE = /^[A-Z]{3}\d{4}$/;

/** ABC1234 -> ABC1C34: the Mercosul plate takes a letter for the fifth character (0 = A … 9 = J). */
export function mercosulPlate(plate: string): string {
  if (!OLD_PLATE.test(plate)) return plate;
  return `${plate.slice(0, 4)}${String.fromCharCode(65 + Number(plate[4]))}${plate.slice(5)}`;
}

const STATUSES: readonly (readonly [string, number])[] = [
  ['EM CIRCULAÇÃO', 85],
  ['COM RESTRIÇÃO', 10],
  ['BAIXADO', 5],
];

export function generateVehicle(dialect: Dialect, seed: string, key: VehicleKey): Record<string, unknown> {
  const random = createRandom(`veiculo:${seed}`);
  const model = random.pick(VEHICLE_MODELS);
  const anoFabricacao = random.int(2000, 2025);
  const anoModelo = Math.min(anoFabricacao + random.int(0, 1), 2026);
  const placa = key.placa ?? generatePlate(random);
  const city = cityPick(random);
  const situacao = random.weighted(STATUSES);
  const restrictionCount = situacao === 'COM RESTRIÇÃO' ? random.int(1, 3) : random.chance(0.2) ? 1 : 0;
  const ownerIsCompany = random.chance(0.15);
  const owner = ownerIsCompany
    ? {
        nome: companyName(random).razaoSocial,
        documento: cnpjFor(dialect, generateCnpj(random)),
        tipo: 'CNPJ',
      }
    : {
        nome: fullName(random, random.pick(['M', 'F'])),
        documento: cpfFor(dialect, generateCpf(random)),
        tipo: 'CPF',
      };

  return dialect.obj({
    placa,
    placaMercosul: OLD_PLATE.test(placa) ? mercosulPlate(placa) : undefined,
    chassi: key.chassi ?? generateChassis(random, model.wmi, anoModelo),
    renavam: key.renavam ?? generateRenavam(random),
    numeroMotor: key.motor ?? `${model.wmi}${random.pick(['A', 'B', 'C', 'K'])}${random.digits(7)}`,
    marca: model.marca,
    modelo: model.modelo,
    marcaModelo: `${model.marca}/${model.modelo}`,
    anoFabricacao,
    anoModelo,
    cor: random.pick(VEHICLE_COLOURS),
    combustivel: model.tipo === 'MOTOCICLETA' ? random.pick(['GASOLINA', 'FLEX']) : random.pick(FUELS),
    tipo: model.tipo,
    especie: model.tipo === 'CAMINHONETE' ? 'CARGA' : 'PASSAGEIRO',
    categoria: random.weighted([
      ['PARTICULAR', 9],
      ['ALUGUEL', 1],
    ]),
    cilindradas: model.cilindradas,
    potencia: model.potencia,
    procedencia: random.chance(0.9) ? 'NACIONAL' : 'IMPORTADO',
    municipio: city.nome,
    uf: city.uf,
    situacao,
    restricoes: random.sample(VEHICLE_RESTRICTIONS, restrictionCount).map(([tipo, descricao]) =>
      dialect.obj({
        tipo,
        descricao,
        data: isoDate(randomDay(random, yearsBefore(REFERENCE_DAY, 3), REFERENCE_DAY)),
      }),
    ),
    proprietario: dialect.obj({
      nome: nameFor(dialect, owner.nome),
      documento: owner.documento,
      tipoDocumento: owner.tipo,
      municipio: city.nome,
      uf: city.uf,
    }),
    ultimoLicenciamento: random.int(Math.max(anoFabricacao, 2020), 2025),
  });
}
