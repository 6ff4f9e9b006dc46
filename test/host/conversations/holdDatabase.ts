/**
 * A second process for the lock tests: `hold <file>` opens the database and keeps it, printing
 * `open`; `try <file>` opens it and prints the outcome as JSON, then exits.
 */
import {
  ConversationDatabase,
  DatabaseError,
} from '../../../host/conversations/ConversationDatabase.ts';

const [mode, file] = process.argv.slice(2);
if (!file || (mode !== 'hold' && mode !== 'try')) throw new Error('usage: hold|try <file>');

if (mode === 'hold') {
  ConversationDatabase.open(file, { language: 'en' });
  process.stdout.write('open\n');
  setInterval(() => {}, 60_000);
} else {
  const started = performance.now();
  try {
    ConversationDatabase.open(file, { language: 'en' }).close();
    process.stdout.write(JSON.stringify({ ok: true }));
  } catch (error) {
    if (!(error instanceof DatabaseError)) throw error;
    const ms = performance.now() - started;
    process.stdout.write(
      JSON.stringify({ ok: false, kind: error.kind, message: error.message, ms }),
    );
  }
}
