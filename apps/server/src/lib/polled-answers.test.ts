import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNoticeBus, LOOKUP_FINISHED, POLLED_ANSWERS_RESET, USER_CHANGED } from './notice-bus.ts';
import { createPolledAnswers } from './polled-answers.ts';

/** A counter standing for the database: each read gives the next value. */
function source() {
  let reads = 0;
  return {
    read: async () => {
      reads += 1;
      return { credits: reads };
    },
    get reads() {
      return reads;
    },
  };
}

const bus = createNoticeBus(null);
afterEach(() => {
  vi.useRealTimers();
});

describe('polled answers kept per user', () => {
  it('answers again from memory until the user changes, then reads once more', async () => {
    const answers = createPolledAnswers(bus, 10_000);
    const db = source();
    expect(await answers.get(7, 'profile', 0, db.read)).toEqual({ credits: 1 });
    expect(await answers.get(7, 'profile', 0, db.read)).toEqual({ credits: 1 });
    expect(db.reads).toBe(1);

    bus.publish(USER_CHANGED, 7);
    expect(await answers.get(7, 'profile', 0, db.read)).toEqual({ credits: 2 });
    answers.close();
  });

  it('drops a user’s answers when a lookup of theirs finishes, and only theirs', async () => {
    const answers = createPolledAnswers(bus, 10_000);
    const mine = source();
    const theirs = source();
    await answers.get(7, 'trial-usage', 0, mine.read);
    await answers.get(8, 'trial-usage', 0, theirs.read);
    bus.publish(LOOKUP_FINISHED, { id: 1, userId: 7, moduleId: 3, status: 'sucesso' });
    await answers.get(7, 'trial-usage', 0, mine.read);
    await answers.get(8, 'trial-usage', 0, theirs.read);
    expect([mine.reads, theirs.reads]).toEqual([2, 1]);
    answers.close();
  });

  it('drops everyone’s answers on a reset, and an answer whose stamp moved', async () => {
    const answers = createPolledAnswers(bus, 10_000);
    const db = source();
    await answers.get(7, 'modulos-ativos', 1, db.read);
    await answers.get(7, 'modulos-ativos', 2, db.read);
    expect(db.reads).toBe(2);
    bus.publish(POLLED_ANSWERS_RESET, null);
    await answers.get(7, 'modulos-ativos', 2, db.read);
    expect(db.reads).toBe(3);
    answers.close();
  });

  it('reads again once an answer is older than its life, even without a notice', async () => {
    vi.useFakeTimers();
    const answers = createPolledAnswers(bus, 10_000);
    const db = source();
    await answers.get(7, 'profile', 0, db.read);
    vi.advanceTimersByTime(9_999);
    await answers.get(7, 'profile', 0, db.read);
    expect(db.reads).toBe(1);
    vi.advanceTimersByTime(2);
    await answers.get(7, 'profile', 0, db.read);
    expect(db.reads).toBe(2);
    answers.close();
  });

  it('does not keep what a read saw when the user changed while it ran', async () => {
    const answers = createPolledAnswers(bus, 10_000);
    let release!: () => void;
    const slow = async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { credits: 'antes' };
    };
    const pending = answers.get(7, 'profile', 0, slow);
    bus.publish(USER_CHANGED, 7);
    release();
    expect(await pending).toEqual({ credits: 'antes' });
    const db = source();
    expect(await answers.get(7, 'profile', 0, db.read)).toEqual({ credits: 1 });
    answers.close();
  });

  it('keeps nothing with a life of 0', async () => {
    const answers = createPolledAnswers(bus, 0);
    const db = source();
    await answers.get(7, 'profile', 0, db.read);
    await answers.get(7, 'profile', 0, db.read);
    expect(db.reads).toBe(2);
    answers.close();
  });
});
