// One chat room over `/ws/chat`. The rules the seed sets for clients: the room id is derived
// with the ids sorted (api.matchRoom); a close with 4401 means "sign in again or fix the
// room" — never reconnected; a message becomes a bubble only when the server's echo arrives
// (matched by our `id`, echoed as `clientId`), and a `blocked` answer is shown only to us.
// Pings are answered with pongs. Other closes reconnect at most 3 times, with backoff.
import { backoffMs } from '/shared/http.js';

export class ChatConnection {
  constructor({ room, user, token, onEvent }) {
    Object.assign(this, { room, user, token, onEvent });
    this.pending = new Map();   // clientId -> text, until the echo or a blocked answer
    this.reconnects = 0;
    this.closedForGood = false;
    this.counter = 0;
  }

  url() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const q = new URLSearchParams({ room: this.room, user: this.user });
    if (this.token) q.set('token', this.token);   // WebSocket upgrades carry the token in the query
    return `${scheme}://${location.host}/ws/chat?${q}`;
  }

  open() {
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.onopen = () => this.onEvent({ type: 'open' });
    socket.onmessage = (e) => this.receive(e.data);
    socket.onclose = (e) => {
      if (this.socket !== socket) return;
      if (e.code === 4401) {
        // "<code>: …": invalid_token / auth_required -> sign in again; anything else -> room refused.
        this.closedForGood = true;
        this.onEvent({ type: 'refused', code: (e.reason || '').split(/[: ]/)[0], reason: e.reason });
        return;
      }
      if (this.closedForGood) return;
      if (this.reconnects >= 3) {
        this.onEvent({ type: 'offline' });
        return;
      }
      this.reconnects += 1;
      this.onEvent({ type: 'reconnecting' });
      setTimeout(() => { if (!this.closedForGood) this.open(); }, backoffMs(this.reconnects + 1));
    };
  }

  receive(data) {
    let frame;
    try { frame = JSON.parse(data); } catch { return; }
    switch (frame.type) {
      case 'ping':
        this.socket.send(JSON.stringify({ type: 'pong' }));
        return;
      case 'history':
        this.reconnects = 0;
        this.onEvent({ type: 'history', messages: (frame.messages ?? []).filter((m) => m.type === 'message') });
        return;
      case 'message':
        if (frame.clientId) this.pending.delete(frame.clientId);
        this.onEvent({ type: 'message', message: frame });
        return;
      case 'blocked': {
        const text = this.pending.get(frame.clientId);
        this.pending.delete(frame.clientId);
        this.onEvent({ type: 'blocked', category: frame.category, reason: frame.reason, text });
        return;
      }
      case 'capture_alert':
        this.onEvent({ type: 'capture_alert', name: frame.name });
        return;
      case 'error':
        if (frame.clientId) this.pending.delete(frame.clientId);
        this.onEvent({ type: 'error', code: frame.code, message: frame.message });
        return;
      default:
        return;   // pubkey / enc: end-to-end encryption is not offered by the web app
    }
  }

  /** Sends text; returns false when the socket is not open. No bubble until the echo. */
  send(text) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    const id = `c${Date.now().toString(36)}${(this.counter++).toString(36)}`;
    this.pending.set(id, text);
    this.socket.send(JSON.stringify({ type: 'message', text, id }));
    return true;
  }

  close() {
    this.closedForGood = true;
    this.socket?.close(1000, 'bye');
  }
}
