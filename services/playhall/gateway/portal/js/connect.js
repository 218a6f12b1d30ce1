// A small client of MatchService (and, by `service`, the gateway's other services) over the
// Connect protocol with JSON: unary calls with fetch, WatchMatch as a server stream read from
// the response body. Messages are in the canonical proto JSON mapping; the seat or player token
// travels as a bearer token and never in a URL. Every call names the page's language
// (Accept-Language), in which the services word their refusals (`error.message`).
import { language, t } from "./i18n.js";

const SERVICE = "/playhall.match.v1.MatchService/";

export class RpcError extends Error {
  constructor(code, message, details = [], retryAfter = null) {
    super(message || code);
    this.code = code;
    this.details = details;
    this.retryAfter = retryAfter;
  }
}

function headers(token, extra) {
  const h = { "connect-protocol-version": "1", "accept-language": language(), ...extra };
  if (token) h.authorization = `Bearer ${token}`;
  return h;
}

export async function call(method, request, { token = null, timeoutMs = 10000, service = SERVICE } = {}) {
  let response;
  try {
    response = await fetch(service + method, {
      method: "POST",
      headers: headers(token, {
        "content-type": "application/json",
        "connect-timeout-ms": String(timeoutMs),
      }),
      body: JSON.stringify(request),
    });
  } catch (error) {
    throw new RpcError("unavailable", t("portal-unreachable", { reason: error.message }));
  }
  const text = await response.text();
  let body = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    throw new RpcError("unknown", t("portal-http-status", { status: response.status }));
  }
  if (!response.ok) {
    throw new RpcError(body.code || "unknown", body.message, body.details || [],
      response.headers.get("retry-after"));
  }
  return body;
}

function envelope(message) {
  const data = new TextEncoder().encode(JSON.stringify(message));
  const out = new Uint8Array(5 + data.length);
  new DataView(out.buffer).setUint32(1, data.length);
  out.set(data, 5);
  return out;
}

// Calls onMessage for each streamed message; resolves when the stream ends cleanly, rejects
// with an RpcError when it ends with an error or the connection drops. `signal` aborts it.
export async function stream(method, request, onMessage, { token = null, signal, onOpen, service = SERVICE } = {}) {
  let response;
  try {
    response = await fetch(service + method, {
      method: "POST",
      headers: headers(token, { "content-type": "application/connect+json" }),
      body: envelope(request),
      signal,
    });
  } catch (error) {
    throw new RpcError(signal?.aborted ? "canceled" : "unavailable", error.message);
  }
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    throw new RpcError(body.code || "unknown", body.message || t("portal-http-status", { status: response.status }));
  }
  onOpen?.();
  const reader = response.body.getReader();
  let buffer = new Uint8Array(0);
  const decoder = new TextDecoder();
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch (error) {
      throw new RpcError(signal?.aborted ? "canceled" : "unavailable", t("portal-stream-dropped"));
    }
    if (chunk.done) throw new RpcError("unavailable", t("portal-stream-unfinished"));
    const joined = new Uint8Array(buffer.length + chunk.value.length);
    joined.set(buffer);
    joined.set(chunk.value, buffer.length);
    buffer = joined;
    while (buffer.length >= 5) {
      const flags = buffer[0];
      const size = new DataView(buffer.buffer, buffer.byteOffset).getUint32(1);
      if (buffer.length < 5 + size) break;
      const message = JSON.parse(decoder.decode(buffer.subarray(5, 5 + size)) || "{}");
      buffer = buffer.slice(5 + size);
      if (flags & 2) {
        if (message.error) {
          throw new RpcError(message.error.code, message.error.message, message.error.details);
        }
        return;
      }
      onMessage(message);
    }
  }
}

export function newRequestId() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
