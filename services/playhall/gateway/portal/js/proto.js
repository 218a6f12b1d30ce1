// Decodes protobuf binary messages (the moves of a MoveList) into the canonical JSON shape, by
// the descriptors the gateway serves at /portal/schema.json. Only what title messages use:
// varints, fixed numbers, strings, bytes, nested messages and enums, packed or not.

let schemaPromise = null;

export function loadSchema() {
  schemaPromise ??= fetch("/portal/schema.json").then((r) => r.json());
  return schemaPromise;
}

function readVarint(bytes, at) {
  let value = 0n;
  let shift = 0n;
  for (;;) {
    const byte = bytes[at.pos++];
    value |= BigInt(byte & 0x7f) << shift;
    if (!(byte & 0x80)) return value;
    shift += 7n;
  }
}

const VARINT = new Set(["int32", "int64", "uint32", "uint64", "bool", "enum", "sint32", "sint64"]);

function scalar(field, raw, schema) {
  switch (field.type) {
    case "bool":
      return raw !== 0n;
    case "enum":
      return schema.enums[field.enum]?.[Number(raw)] ?? Number(raw);
    case "int32":
      return Number(BigInt.asIntN(32, raw));
    case "int64":
      return BigInt.asIntN(64, raw).toString();
    case "uint64":
      return raw.toString();
    case "sint32":
    case "sint64":
      return Number((raw >> 1n) ^ -(raw & 1n));
    default:
      return Number(raw);
  }
}

export function decode(bytes, typeName, schema) {
  const message = schema.messages[typeName];
  const byNumber = new Map(message.fields.map((f) => [f.no, f]));
  const out = {};
  const at = { pos: 0 };
  const put = (field, value) => {
    if (field.repeated) (out[field.name] ??= []).push(value);
    else out[field.name] = value;
  };
  while (at.pos < bytes.length) {
    const key = Number(readVarint(bytes, at));
    const field = byNumber.get(key >>> 3);
    const wire = key & 7;
    if (wire === 0) {
      const raw = readVarint(bytes, at);
      if (field) put(field, scalar(field, raw, schema));
    } else if (wire === 2) {
      const size = Number(readVarint(bytes, at));
      const chunk = bytes.subarray(at.pos, at.pos + size);
      at.pos += size;
      if (!field) continue;
      if (field.type === "message") put(field, decode(chunk, field.message, schema));
      else if (field.type === "string") put(field, new TextDecoder().decode(chunk));
      else if (field.type === "bytes") put(field, btoa(String.fromCharCode(...chunk)));
      else if (VARINT.has(field.type)) {
        const inner = { pos: 0 };
        while (inner.pos < chunk.length) put(field, scalar(field, readVarint(chunk, inner), schema));
      }
    } else if (wire === 5) {
      at.pos += 4;
    } else if (wire === 1) {
      at.pos += 8;
    } else {
      throw new Error(`unsupported wire type ${wire}`);
    }
  }
  return out;
}

export function fromBase64(text) {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

// The legal moves of a MoveList as [{move (JSON, with @type), key}]
export async function legalMoves(moveList) {
  if (!moveList?.moves?.length) return [];
  const schema = await loadSchema();
  const typeName = moveList.typeUrl.split("/").pop();
  return moveList.moves.map((b64) => {
    const move = decode(fromBase64(b64), typeName, schema);
    return { move: { "@type": moveList.typeUrl, ...move }, key: moveKey(move) };
  });
}

// One string per move, the same for equal moves whatever their key order.
export function moveKey(move) {
  const canonical = (value) => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.keys(value).filter((k) => k !== "@type").sort().map((k) => [k, canonical(value[k])]),
      );
    }
    return value;
  };
  return JSON.stringify(canonical(move));
}
