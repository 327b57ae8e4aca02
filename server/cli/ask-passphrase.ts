/**
 * The backup passphrase: EMITE_BACKUP_PASSPHRASE when set (scheduled jobs, scripts), else asked on
 * the terminal without echo (twice when making a backup, so a typo does not make it unreadable).
 * @throws Error when there is neither the variable nor a terminal to ask on.
 */
import { createInterface } from 'node:readline';

declare module 'node:readline' {
  interface Interface {
    /** Node's internal writer of the prompt and the echoed line (undocumented, not in @types/node): replaced below so the passphrase is not echoed. */
    _writeToOutput(s: string): void;
  }
}

function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const write = rl._writeToOutput.bind(rl);
    rl._writeToOutput = (s: string) => write(s.startsWith(prompt) ? prompt : s.replace(/[^\r\n]/g, ''));
    rl.question(prompt, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

export async function askPassphrase(opts: { confirm: boolean }): Promise<string> {
  const given = process.env.EMITE_BACKUP_PASSPHRASE;
  if (given) return given;
  if (!process.stdin.isTTY) throw new Error('Defina EMITE_BACKUP_PASSPHRASE o ejecute el comando en una terminal para escribir la contraseña de la copia');
  const first = await askHidden('Contraseña de la copia: ');
  if (opts.confirm && (await askHidden('Repita la contraseña: ')) !== first) throw new Error('Las contraseñas no coinciden');
  return first;
}
