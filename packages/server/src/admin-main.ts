import { pino } from 'pino';
import { ADMIN_USAGE, runAdmin, UsageError } from './admin.ts';
import { loadConfig, loadDotEnv } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createMailer } from './mail/mailer.ts';

/**
 * `npm run admin -- <verb>`: operators' commands on the app database the server uses (same .env). The embedded
 * database belongs to one process: stop `npm start` first, or use DATABASE_URL.
 */
loadDotEnv();
const config = loadConfig();
const args = process.argv.slice(2);
if (args.length === 0 || args[0] === 'help' || args[0] === '--help') {
  console.log(ADMIN_USAGE);
  process.exit(args.length === 0 ? 64 : 0);
}
const database = await openDatabase(config);
const mailer = createMailer(config.mail, pino({ level: config.logLevel }));
let exitCode = 0;
try {
  await runAdmin(args, { db: database.db, catalogue: config.catalogue, mailer, publicUrl: config.publicUrl }, (line) =>
    console.log(line),
  );
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`error: ${error.message}\n${ADMIN_USAGE}`);
    exitCode = 64;
  } else {
    console.error(error);
    exitCode = 1;
  }
} finally {
  mailer.close();
  await database.close();
}
process.exit(exitCode);
