import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { apiUrlProblem, demoApiTarget, placeholderInAuthority } from './api-url.ts';

describe('apiUrlProblem', () => {
  it.each([
    ['/demo-api/cpf/{cpf}'],
    ['/demo-api/busca?nome={nome}&mae={mae}'],
    ['/demo-api/a/./b/../c/{x}'],
    ['https://provedor.test/v1/cpf/{cpf}?token=X'],
    ['http://provedor.test:8080/{a}{b}#{c}'],
    ['https://provedor.test/post'],
  ])('accepts %s', (apiUrl) => {
    expect(apiUrlProblem(apiUrl)).toBeNull();
  });

  it.each([
    ['/demo-api/../api/captcha?{x}'],
    ['/demo-api/%2e%2e/api/captcha'],
    ['/demo-api/.%2E/x'],
    ['/demo-api/..\\api/captcha'],
    ['/demo-api/cpf/../../api/captcha'],
    ['/demo-api/..'],
  ])('refuses %s: it leaves /demo-api/', (apiUrl) => {
    expect(apiUrlProblem(apiUrl)).toBe(messages.apiUrlOutsideDemoApi);
  });

  it.each([
    ['https://{host}/cpf'],
    ['https://{sub}.provedor.test/cpf'],
    ['https://provedor.test:{porta}/cpf'],
    ['https://{user}@provedor.test/cpf'],
    ['https:{host}/cpf'],
    ['https://\\{host}/cpf'],
    ['https:/\t/{host}/cpf'],
  ])('refuses %s: a placeholder picks the server', (apiUrl) => {
    expect(apiUrlProblem(apiUrl)).toBe(messages.apiUrlPlaceholderInHost);
  });

  it.each([['nao é url'], ['/api/captcha'], ['ftp://provedor.test/{x}'], ['javascript:alert(1)']])(
    'refuses %s as not a URL',
    (apiUrl) => {
      expect(apiUrlProblem(apiUrl)).toBe(messages.invalidUrl);
    },
  );
});

describe('demoApiTarget', () => {
  it('resolves dot segments, encoded or not, and keeps the query', () => {
    expect(demoApiTarget('/demo-api/a/./b/%2e%2e/c?x=1')).toBe('/demo-api/a/c?x=1');
    expect(demoApiTarget('/demo-api/cpf/123')).toBe('/demo-api/cpf/123');
  });

  it('is null outside /demo-api/ or off this origin', () => {
    expect(demoApiTarget('/demo-api/../api/captcha')).toBeNull();
    expect(demoApiTarget('/demo-api')).toBeNull();
    expect(demoApiTarget('//outro.invalid/demo-api/x')).toBeNull();
    expect(demoApiTarget('/\\outro.invalid/demo-api/x')).toBeNull();
    expect(demoApiTarget('demo-api/x')).toBeNull();
  });
});

describe('placeholderInAuthority', () => {
  it('is false for placeholders in the path, query and fragment', () => {
    expect(placeholderInAuthority('https://provedor.test/{a}/x{b}?q={c}#{d}')).toBe(false);
  });
});
