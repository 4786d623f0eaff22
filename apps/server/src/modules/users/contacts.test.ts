import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app.ts';
import { caller, createReseller } from '../../../test/users-fixtures.ts';
import { users } from '../../db/schema/users.ts';

/**
 * A reseller's WhatsApp and Telegram, on the admin's edit and on the reseller's own profile
 * (docs/product/users.md#profile): only contacts that give the link its clients see.
 */
const testApp = useTestApp();
let reseller: Awaited<ReturnType<typeof createReseller>>;

const WHATSAPP = 'Informe o WhatsApp com DDD, só com números (ex.: 11 99999-0000)';
const TELEGRAM = 'Informe o usuário do Telegram (ex.: @sualoja) ou o link t.me';

beforeAll(async () => {
  reseller = await createReseller(testApp.app, testApp.database.db, { nome: 'Loja Contato' });
  await testApp.database.db
    .update(users)
    .set({ whatsappContato: '11 98888-7777', telegramContato: '@loja_contato' })
    .where(eq(users.id, reseller.userId));
});
const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(testApp.app)(...args);

const editReseller = (body: Record<string, unknown>) =>
  call('PUT', `/api/users/${reseller.userId}`, testApp.admin.headers, body);
const editOwnProfile = (body: Record<string, unknown>) =>
  call('PUT', '/api/profile', reseller.headers, { nome: 'Loja Contato', email: reseller.email, ...body });

async function storedContacts() {
  const [row] = await testApp.database.db
    .select({ whatsapp: users.whatsappContato, telegram: users.telegramContato })
    .from(users)
    .where(eq(users.id, reseller.userId));
  return row;
}

describe.each([
  ["the admin's edit of a reseller (PUT /users/:id)", editReseller],
  ["the reseller's own profile (PUT /profile)", editOwnProfile],
])('contacts on %s', (_where, save) => {
  it.each([
    [{ whatsapp_contato: 'abc' }, 'whatsapp_contato', WHATSAPP],
    [{ whatsapp_contato: '1234' }, 'whatsapp_contato', WHATSAPP],
    [{ whatsapp_contato: '98765-4321' }, 'whatsapp_contato', WHATSAPP],
    [{ whatsapp_contato: '11 98765-4321 ramal 2' }, 'whatsapp_contato', WHATSAPP],
    [{ telegram_contato: 'abc' }, 'telegram_contato', TELEGRAM],
    [{ telegram_contato: '@loja' }, 'telegram_contato', TELEGRAM],
    [{ telegram_contato: 'loja ze' }, 'telegram_contato', TELEGRAM],
    [{ telegram_contato: 'https://example.com/loja_ze' }, 'telegram_contato', TELEGRAM],
  ])('refuses %j with 400 and its message, keeping the stored contacts', async (body, field, message) => {
    const refused = await save(body);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: message,
      fields: { [field]: message },
    });
    expect(await storedContacts()).toEqual({ whatsapp: '11 98888-7777', telegram: '@loja_contato' });
  });

  it('saves a phone with DDD and a Telegram username or t.me link, and clears them with blanks', async () => {
    for (const [whatsapp, telegram] of [
      ['(21) 3333-4444', 'loja_do_ze'],
      ['+55 11 98765-4321', 'https://t.me/loja_do_ze'],
      ['11 98888-7777', '@loja_contato'],
    ]) {
      const saved = await save({ whatsapp_contato: whatsapp, telegram_contato: telegram });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await storedContacts()).toEqual({ whatsapp, telegram });
    }
    expect((await save({ whatsapp_contato: '', telegram_contato: ' ' })).statusCode).toBe(200);
    expect(await storedContacts()).toEqual({ whatsapp: null, telegram: null });
    await save({ whatsapp_contato: '11 98888-7777', telegram_contato: '@loja_contato' });
  });
});
