import { describe, expect, it } from 'vitest';
import { telegramLink, whatsappLink } from './contact-links.ts';

describe('whatsappLink', () => {
  it.each([
    ['(11) 98765-4321', 'https://wa.me/5511987654321'],
    ['11 3333-4444', 'https://wa.me/551133334444'],
    ['+55 11 98765-4321', 'https://wa.me/5511987654321'],
    ['+351 912 345 678', 'https://wa.me/351912345678'],
  ])('%s → %s', (contact, link) => {
    expect(whatsappLink(contact)).toBe(link);
  });

  it.each(['', '1234', 'whatsapp'])('gives no link for %j', (contact) => {
    expect(whatsappLink(contact)).toBeNull();
  });
});

describe('telegramLink', () => {
  it.each([
    ['@loja_perfil', 'https://t.me/loja_perfil'],
    ['lojadoze', 'https://t.me/lojadoze'],
    ['https://t.me/lojadoze', 'https://t.me/lojadoze'],
    [' telegram.me/Loja_2 ', 'https://t.me/Loja_2'],
  ])('%s → %s', (contact, link) => {
    expect(telegramLink(contact)).toBe(link);
  });

  it.each(['', '@a', 'loja.ze', 'loja ze', 'https://example.com/loja'])('gives no link for %j', (contact) => {
    expect(telegramLink(contact)).toBeNull();
  });
});
