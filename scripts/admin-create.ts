/**
 * `npm run admin:create -- --email E --role admin|compliance|editor|data|reader [--allow-sso]`: creates a staff account with a
 * password, on a fresh database too (it migrates first). The password comes from ADMIN_PASSWORD,
 * else it is asked for twice without echo. With PGlite, stop the server first (one process per folder).
 * `--allow-sso`: its first single sign-on within a week links it, even an admin's (which a sign-on
 * never links by e-mail alone, decision 030): the first admin of a back-office with passwords off.
 */
import { parseArgs } from 'node:util';
import { env } from '@/env';
import { isRole } from '@/domain/staff/roles';
import { createStaffAccount } from '@/server/auth/accounts';
import { allowSsoLink } from '@/server/auth/sso-link';
import { MIN_PASSWORD_LENGTH } from '@/server/auth/constants';
import { openDatabase } from '@/server/db/client';

function usage(message: string): never {
  console.error(`${message}\nusage: npm run admin:create -- --email someone@example.com --role admin|compliance|editor|data|reader [--allow-sso]`);
  process.exit(2);
}

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    if (!input.isTTY) {
      reject(new Error('no terminal to ask for the password: set ADMIN_PASSWORD'));
      return;
    }
    process.stdout.write(question);
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    let value = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          input.setRawMode(false);
          input.pause();
          input.off('data', onData);
          process.stdout.write('\n');
          resolve(value);
          return;
        }
        if (char === '\u0003') {
          input.setRawMode(false);
          process.exit(130);
        }
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    input.on('data', onData);
  });
}

const { values } = parseArgs({ options: { email: { type: 'string' }, role: { type: 'string' }, 'allow-sso': { type: 'boolean' } }, allowPositionals: true });
if (!values.email) usage('--email is required');
if (!isRole(values.role)) usage('--role must be admin, compliance, editor, data or reader');

let password = env().ADMIN_PASSWORD;
if (!password) {
  password = await askHidden(`Password for ${values.email} (at least ${MIN_PASSWORD_LENGTH} characters): `);
  const again = await askHidden('The same password again: ');
  if (password !== again) usage('the two passwords differ');
}
if (password.length < MIN_PASSWORD_LENGTH) usage(`the password needs at least ${MIN_PASSWORD_LENGTH} characters`);

const database = await openDatabase();
let code = 0;
try {
  await database.withLock(() => database.migrate());
  const actor = { type: 'system', label: 'admin:create' } as const;
  const result = await createStaffAccount(database.db, { email: values.email, role: values.role, password }, actor);
  if (result.ok) {
    console.info(`${values.email}: ${values.role} account created.`);
    if (values['allow-sso']) {
      await allowSsoLink(database.db, result.id, actor);
      console.info(`${values.email}: its first single sign-on within a week links it.`);
    }
  } else {
    console.error(result.error === 'exists' ? `${values.email}: an account already uses this address.` : `${values.email}: not created (${result.error}).`);
    code = 1;
  }
} finally {
  await database.close();
}
process.exit(code);
