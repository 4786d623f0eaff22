import { customType } from 'drizzle-orm/pg-core';

/** Bytes; PGlite reads them as a Uint8Array, node-postgres as a Buffer: both become a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
