/**
 * Work that must not delay an answer (mails whose timing would reveal whether an account exists)
 * runs after the reply as a tracked background task: failures are logged, never lost silently,
 * and closing the app waits for what is still running.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface BackgroundTasks {
  /** Start `task` on a later turn of the event loop; a rejection is logged with `label`. */
  run(label: string, task: () => Promise<unknown>): void;
  /** Resolves when no task is running (tasks started meanwhile are awaited too). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    background: BackgroundTasks;
  }
}

/**
 * Decorates the app with `app.background` and waits for running tasks on close.
 * @example app.background.run('reset mail', () => mailer.send(message));
 */
export const backgroundTasksPlugin = fp(async (app: FastifyInstance) => {
  const pending = new Set<Promise<void>>();
  const tasks: BackgroundTasks = {
    run(label, task) {
      const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .then(
          () => undefined,
          (err: unknown) => app.log.error({ err, task: label }, 'background task failed'),
        )
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
  app.decorate('background', tasks);
  app.addHook('onClose', async () => tasks.idle());
});
