import { describe, expect, it } from 'vitest';
import { telegramLink, whatsappLink } from './contact-links.ts';

describe('whatsappLink', () => {
  it.each([
    ['(11) 98765-4321', 'https://wa.me/5511987654321'],
    ['11 3333-4444', 'https://wa.me/551133334444'],
    ['+55 11 98765-4321', 'https://wa.me/5511987654321'],
    ['5511999990000', 'https://wa.me/5511999990000'],
    [' 11.99999.0000 ', 'https://wa.me/5511999990000'],
  ])('%s → %s', (contact, link) => {
    expect(whatsappLink(contact)).toBe(link);
  });

  it.each([
    '',
    'abc',
    'whatsapp',
    '1234',
    '98765-4321',
    '11 9876-54321x',
    '(01) 98765-4321',
    '11 18765-4321',
    '+351 912 345 678',
    'wa.me/5511987654321',
  ])('gives no link for %j (not a Brazilian phone with DDD)', (contact) => {
    expect(whatsappLink(contact)).toBeNull();
  });
});

describe('telegramLink', () => {
  it.each([
    ['@loja_perfil', 'https://t.me/loja_perfil'],
    ['lojadoze', 'https://t.me/lojadoze'],
    ['https://t.me/lojadoze', 'https://t.me/lojadoze'],
    ['t.me/lojadoze/', 'https://t.me/lojadoze'],
    [' telegram.me/Loja_2 ', 'https://t.me/Loja_2'],
    ['https://t.me/+AbCd_12-xY', 'https://t.me/+AbCd_12-xY'],
    [`@${'a'.repeat(32)}`, `https://t.me/${'a'.repeat(32)}`],
  ])('%s → %s', (contact, link) => {
    expect(telegramLink(contact)).toBe(link);
  });

  it.each([
    '',
    'abc',
    '@a',
    '@loja',
    `@${'a'.repeat(33)}`,
    'loja.ze',
    'loja ze',
    '@@lojadoze',
    '+AbCd_12-xY',
    'https://t.me/@lojadoze',
    'https://example.com/lojadoze',
  ])('gives no link for %j', (contact) => {
    expect(telegramLink(contact)).toBeNull();
  });
});
