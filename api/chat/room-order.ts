/** One promise chain per room: the sends of a room run one after another in this process. */
export function createRoomQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return function inRoomOrder<T>(room: string, work: () => Promise<T>): Promise<T> {
    const prev = tails.get(room) ?? Promise.resolve();
    const run = prev.then(work, work);
    const tail = run.catch(() => undefined);
    tails.set(room, tail);
    void tail.then(() => {
      if (tails.get(room) === tail) tails.delete(room);
    });
    return run;
  };
}
