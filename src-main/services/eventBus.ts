import type { EventName, EventPayloads, PushEvent } from '@shared/api/contract';

type Listener = (event: PushEvent) => void;

/** Fan-out of push events to every connected window, whatever its transport. */
export class EventBus {
  private listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void {
    for (const listener of this.listeners) {
      try {
        listener({ event, payload } as PushEvent);
      } catch {
        // A window that went away must not stop the others from hearing.
      }
    }
  }
}
