import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.ts';

describe('canonicalJson', () => {
  it('writes the keys of every object in order, however they were written', () => {
    const a = { modulo_id: 3, input: { nome: 'Ana', cpf: '12345678909' }, lista: [{ b: 1, a: 2 }] };
    const b = { lista: [{ a: 2, b: 1 }], input: { cpf: '12345678909', nome: 'Ana' }, modulo_id: 3 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe(
      '{"input":{"cpf":"12345678909","nome":"Ana"},"lista":[{"a":2,"b":1}],"modulo_id":3}',
    );
  });

  it('leaves undefined entries out, keeps null, and tells other values apart', () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
    expect(canonicalJson({ a: null })).toBe('{"a":null}');
    expect(canonicalJson({ a: '1' })).not.toBe(canonicalJson({ a: 1 }));
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
    expect(canonicalJson(undefined)).toBe('null');
  });
});
