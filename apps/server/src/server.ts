import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { EnvError, parseEnv } from './config/env.ts';

let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = await buildApp({ env });

if (app.seedReport.generatedAdminPassword) {
  // Printed once, on the start that created the admin; never logged.
  process.stdout.write(
    `\n  Administrador criado: ${env.ADMIN_EMAIL}\n  Senha gerada (anote agora, não será mostrada de novo): ${app.seedReport.generatedAdminPassword}\n\n`,
  );
}

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ host: env.HOST, port: env.PORT });
