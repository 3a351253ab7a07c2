// One event stream per browser, shared by its tabs. The tab holding the Web Lock "helpdesk-live" (the leader)
// opens GET /api/v1/events/stream with EventSource (cookie auth) and relays every event to the other tabs on a
// BroadcastChannel; when it closes, the lock passes to another tab, which resumes after the last event id any
// tab saw, so no event is lost between leaders. Without Web Locks every tab streams for itself.

export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'offline';

export interface LiveEvent {
  /** The event's cursor in the log (absent for presence, which is never logged). */
  id?: string;
  type: string;
  data: any;
}

type Wire = { kind: 'event'; event: LiveEvent } | { kind: 'status'; status: LiveStatus } | { kind: 'hello' };

const EVENT_TYPES = [
  'ticket.created',
  'ticket.updated',
  'ticket.deleted',
  'message.created',
  'note.created',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'presence',
  'reset',
];

class LiveHub {
  private readonly listeners = new Set<(event: LiveEvent) => void>();
  private readonly statusListeners = new Set<() => void>();
  private channel: BroadcastChannel | null = null;
  private source: EventSource | null = null;
  private leader = false;
  private lastId: string | undefined;
  private retryMs = 1_000;
  status: LiveStatus = 'connecting';

  start() {
    if (this.channel || typeof window === 'undefined') return;
    this.channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('helpdesk-live') : null;
    if (this.channel) this.channel.onmessage = (message: MessageEvent<Wire>) => this.receive(message.data);
    if (this.channel && navigator.locks?.request) {
      // Held until this tab goes away: the promise never settles.
      void navigator.locks.request('helpdesk-live', () => {
        this.lead();
        return new Promise<never>(() => undefined);
      });
      this.post({ kind: 'hello' });
    } else this.lead();
  }

  subscribe(listener: (event: LiveEvent) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  onStatus(listener: () => void) {
    this.statusListeners.add(listener);
    return () => void this.statusListeners.delete(listener);
  }

  private post(message: Wire) {
    this.channel?.postMessage(message);
  }

  private receive(message: Wire) {
    if (message.kind === 'event') this.deliver(message.event);
    else if (message.kind === 'status' && !this.leader) this.setStatus(message.status);
    else if (message.kind === 'hello' && this.leader) this.post({ kind: 'status', status: this.status });
  }

  private deliver(event: LiveEvent) {
    if (event.id) this.lastId = event.id;
    for (const listener of this.listeners) listener(event);
  }

  private setStatus(status: LiveStatus) {
    if (this.status === status) return;
    this.status = status;
    if (this.leader) this.post({ kind: 'status', status });
    for (const listener of this.statusListeners) listener();
  }

  private lead() {
    this.leader = true;
    this.connect();
  }

  private connect() {
    const url = `/api/v1/events/stream${this.lastId ? `?after=${encodeURIComponent(this.lastId)}` : ''}`;
    const source = new EventSource(url, { withCredentials: true });
    this.source = source;
    const relay = (type: string) => (message: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      // The stream's data is the event as GET /events shows it ({ id, type, data, ... }); presence is bare.
      const record = data as { data?: unknown; type?: string };
      const event: LiveEvent = {
        id: message.lastEventId || undefined,
        type,
        data: type !== 'presence' && record && 'data' in record ? record.data : data,
      };
      this.post({ kind: 'event', event });
      this.deliver(event);
    };
    for (const type of EVENT_TYPES) source.addEventListener(type, relay(type) as EventListener);
    source.onopen = () => {
      this.retryMs = 1_000;
      this.setStatus('open');
    };
    source.onerror = () => {
      if (source.readyState === EventSource.CONNECTING) {
        this.setStatus('reconnecting');
        return;
      }
      // Closed for good by the browser (an error status such as 401 or 503): try again later ourselves.
      source.close();
      this.setStatus('reconnecting');
      setTimeout(() => {
        if (this.source === source) this.connect();
      }, this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, 30_000);
    };
  }
}

export const liveHub = new LiveHub();
