/*
 * The reader of json.ts, in WebAssembly: it removes every member of every object, at any depth,
 * whose name is a secret name, with its value, and copies everything else byte for byte, as JSON
 * streams through the server in chunks. json.ts gives it each chunk and takes back what may be
 * passed on; the verdict on a name it has not seen is asked of json.ts (`judge`), which holds the
 * one rule of secret names (src/contract/secret-namets), and kept in a table of names, so the
 * rule runs once per distinct name.
 *
 * Memory: the chunk being read lies at `buffer`, after the bytes held back from the last chunk (a
 * member whose name that chunk cut in two, with the comma before it); what is passed on is moved
 * down to the front of `buffer` as it is read. Sixteen bytes past the chunk are always there to be
 * read (a vector of 16 bytes is tested at a time), and the two right after it are zero.
 *
 * Built by `npm run build:reader` (clang, wasm32, SIMD128); the built module is json-reader.wasm.
 * It is over 300 lines because it is a small JSON reader, and every state of it is a defence.
 */
#include <stdint.h>
#include <wasm_simd128.h>

typedef uint8_t u8;
typedef uint32_t u32;
typedef int32_t i32;

/** The verdict on a name (its bytes between the quotes): 1 kept, 2 secret, 0 not a JSON string. */
__attribute__((import_module("env"), import_name("judge"))) extern i32 judge(const u8 *name,
                                                                             i32 length,
                                                                             i32 escaped);

/* What the reader expects next. */
enum {
  VALUE,        /* a value: at the start, after `:`, after `,` in an array */
  VALUE_OR_END, /* after `[`: a value or `]` */
  KEY_OR_END,   /* after `{`: a member's name or `}` */
  KEY,          /* after `,` in an object: a member's name */
  COLON_NEXT,   /* after a member's name */
  AFTER,        /* after a value: `,` or the end of its container */
  STRING,       /* inside a string value (or a name inside a member left out) */
  LITERAL,      /* inside a number, true, false or null */
  DONE          /* after the whole value: only white space */
};

/* Why the bytes stopped being JSON (json.ts words each one). */
enum {
  FINE,
  VALUE_EXPECTED,
  NAME_EXPECTED,
  COMMA_OR_END_EXPECTED,
  COLON_EXPECTED,
  NOTHING_MAY_FOLLOW,
  NAME_TOO_LONG,
  NAME_NOT_A_STRING,
  TOO_DEEP
};

#define OBJECT 1
#define ARRAY 2
/** Deeper than this, the text is not read (a record of 50 MB nests a few levels). */
#define DEEPEST (1 << 20)
/** A field name longer than this is not read. */
#define LONGEST_NAME (1 << 20)
#define PAGE 65536

#define QUOTE 0x22
#define BACKSLASH 0x5c
#define COMMA 0x2c
#define COLON 0x3a

/* The containers open around the current position, and whether each object kept a member. */
static u8 kinds[DEEPEST + 1];
static u8 kept[DEEPEST + 1];

/*
 * The reader's state between chunks, in one place, so that json.ts can put one text's reading
 * aside and take up another's when answers stream at once (with `kinds`, `kept` up to `depth`,
 * and the bytes held back).
 */
struct reading {
  double offset; /* bytes passed before this chunk, for where the bytes stopped making sense */
  i32 state;
  i32 depth;
  i32 skip_at;        /* the depth of the object whose member is being left out, or -1 */
  i32 carrying;       /* whether bytes were held back from the last chunk */
  i32 carry_at;       /* where they lie in `buffer` */
  i32 carry_length;   /* and how many */
  i32 escape_pending; /* the last chunk ended in a string on a backslash that escapes what follows */
  i32 name_in_string; /* the string read across chunks is a name inside a member left out */
  i32 started;
};
/** A text's reading before its first byte. */
static const struct reading START = {0, VALUE, 0, -1, 0, 0, 0, 0, 0, 0};
/** The reading under way: json.ts starts every text with `reset`, or takes one up it put aside. */
static struct reading s;
/** Whether the last chunk read is passed on whole, as it was written: nothing held, nothing left out. */
static i32 unchanged = 0;
static i32 error_code = FINE;
static double error_at = -1;

static u8 *buffer;
static u32 capacity = 0;

/* The names seen, each with its verdict: an open-addressed table by hash, bytes compared. */
#define SLOTS (1 << 13)
#define MOST (SLOTS >> 1)
#define NAME_BYTES (1 << 20)
static u32 slot_hash[SLOTS];
static i32 slot_length[SLOTS];
static i32 slot_at[SLOTS];
/** 1 kept, 2 secret, 0 an empty slot. */
static u8 slot_verdict[SLOTS];
static u8 name_bytes[NAME_BYTES];
static i32 names_used = 0;
static i32 entered = 0;
/** Where each name's hash starts: random for each module (json.ts gives it). */
static u32 seed = 0x9e3779b9u;

static const u8 *b;

static inline int is_space(u8 c) { return c == 0x20 || c == 0x0a || c == 0x0d || c == 0x09; }
static inline int is_literal_start(u8 c) {
  return (c >= '0' && c <= '9') || c == '-' || c == 't' || c == 'f' || c == 'n';
}
/** Bytes a number or a literal (true, false, null) is made of. */
static inline int is_literal_byte(u8 c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == 'E' || c == '+' || c == '-' ||
         c == '.';
}

static inline u32 quotes_or_backslashes(const u8 *p) {
  v128_t v = wasm_v128_load(p);
  return wasm_i8x16_bitmask(wasm_v128_or(wasm_i8x16_eq(v, wasm_i8x16_splat(QUOTE)),
                                         wasm_i8x16_eq(v, wasm_i8x16_splat(BACKSLASH))));
}

/**
 * The closing quote of the string whose text (or what this chunk holds of it) starts at `j`, or
 * -1 when the chunk ends first, noting whether it ended on a backslash that escapes what follows.
 */
static i32 string_end(i32 j, i32 n) {
  for (;;) {
    if (j >= n) {
      s.escape_pending = 0;
      return -1;
    }
    u32 found = quotes_or_backslashes(b + j);
    if (found == 0) {
      j += 16;
      continue;
    }
    i32 k = j + __builtin_ctz(found);
    if (k >= n) {
      s.escape_pending = 0;
      return -1;
    }
    if (b[k] == QUOTE) return k;
    if (k + 1 >= n) {
      s.escape_pending = 1;
      return -1;
    }
    j = k + 2;
  }
}

/** Where the number or literal whose second byte is at `i` ends (`n` when the chunk ends first). */
static inline i32 literal_end(i32 i, i32 n) {
  while (i < n && is_literal_byte(b[i])) i++;
  return i;
}

/** The `length` bytes at `p` as little-endian words of 8, the last one's bytes past them zero. */
static inline uint64_t word_at(const u8 *p, i32 rest) {
  uint64_t w;
  __builtin_memcpy(&w, p, 8);
  return rest >= 8 ? w : w & ((1ull << (8 * rest)) - 1);
}

static inline u32 hash_of(const u8 *p, i32 length) {
  uint64_t h = seed ^ (uint64_t)length;
  for (i32 i = 0; i < length; i += 8) h = (h ^ word_at(p + i, length - i)) * 0x9e3779b97f4a7c15ull;
  return (u32)(h >> 32) ^ (u32)h;
}

/** Whether the `length` bytes at `p` and `q` are the same (both may be read 8 bytes past). */
static inline int same_bytes(const u8 *p, const u8 *q, i32 length) {
  for (i32 i = 0; i < length; i += 8)
    if (word_at(p + i, length - i) != word_at(q + i, length - i)) return 0;
  return 1;
}

/** Enters a name with its verdict in `slot` (empty), unless the table is full. */
static i32 enter(u32 slot, u32 h, const u8 *name, i32 length, i32 verdict) {
  if (entered >= MOST || names_used + length + 2 + 8 > NAME_BYTES) return -1;
  __builtin_memcpy(name_bytes + names_used, name, length);
  /* The name's closing quote and colon follow it, for `guessed`. */
  name_bytes[names_used + length] = QUOTE;
  name_bytes[names_used + length + 1] = COLON;
  slot_hash[slot] = h;
  slot_length[slot] = length;
  slot_at[slot] = names_used;
  slot_verdict[slot] = (u8)verdict;
  names_used += (length + 2 + 7) & ~7;
  entered++;
  return (i32)slot;
}

/**
 * The verdict on the name `b[at..end)`, from the table or from `judge` (then entered); its slot
 * in `*found` (-1 when it is not in the table).
 */
static i32 verdict_on(i32 at, i32 end, i32 escaped, i32 *found) {
  const u8 *name = b + at;
  i32 length = end - at;
  u32 h = hash_of(name, length);
  u32 slot = h & (SLOTS - 1);
  for (; slot_verdict[slot] != 0; slot = (slot + 1) & (SLOTS - 1)) {
    if (slot_hash[slot] == h && slot_length[slot] == length &&
        same_bytes(name_bytes + slot_at[slot], name, length)) {
      *found = (i32)slot;
      return slot_verdict[slot];
    }
  }
  i32 verdict = judge(name, length, escaped);
  *found = verdict == 0 ? -1 : enter(slot, h, name, length, verdict);
  return verdict;
}

/*
 * The records of a list repeat their fields in the same order, so the name that followed the
 * previous one at the same depth last time is likely to follow it again: it is taken when the
 * bytes are that name's, its closing quote and colon included.
 */
/** The name that followed each name last time, by depth (modulo 4), or -1. */
static i32 after[SLOTS * 4];
/** The first name of the last object at each depth (modulo 64), or -1. */
static i32 first[64];
/** The slot of each open object's last member's name, or -1. */
static i32 last[DEEPEST + 1];

/** The slot of the name `b[at..)` if it is `slot`'s, followed by `":`, or -1. */
static inline i32 guessed(i32 slot, i32 at, i32 n) {
  if (slot < 0 || slot_verdict[slot] == 0) return -1;
  i32 length = slot_length[slot] + 2;
  if (at + length > n || !same_bytes(name_bytes + slot_at[slot], b + at, length)) return -1;
  return slot;
}

/**
 * The verdict on the name whose text starts at `at`: 1 kept, 2 secret, 0 when the chunk ends
 * before the name does, -1 when it is not a JSON string; its closing quote in `*end`.
 */
static i32 name_verdict(i32 at, i32 n, i32 *end, i32 depth) {
  i32 previous = last[depth];
  i32 slot = guessed(previous == -1 ? first[depth & 63] : after[(previous << 2) | (depth & 3)], at, n);
  if (slot >= 0) {
    last[depth] = slot;
    *end = at + slot_length[slot];
    return slot_verdict[slot];
  }
  i32 j = at;
  i32 k;
  for (;;) {
    if (j >= n) return 0;
    u32 found = quotes_or_backslashes(b + j);
    if (found != 0) {
      k = j + __builtin_ctz(found);
      break;
    }
    j += 16;
  }
  if (k >= n) return 0;
  i32 escaped = 0;
  if (b[k] == BACKSLASH) {
    escaped = 1;
    while (k < n && b[k] != QUOTE) k += b[k] == BACKSLASH ? 2 : 1;
    if (k >= n) return 0;
  }
  *end = k;
  i32 verdict = verdict_on(at, k, escaped, &slot);
  if (slot >= 0) {
    if (previous == -1) first[depth & 63] = slot;
    else after[(previous << 2) | (depth & 3)] = slot;
  }
  last[depth] = slot;
  return verdict == 0 ? -1 : verdict;
}

/** Moves `b[from..to)` down to `at`, where what is passed on ends; the new end. */
static inline i32 keep(u8 *out, i32 from, i32 to, i32 at) {
  if (from != at) __builtin_memmove(out + at, out + from, to - from);
  return at + to - from;
}

static i32 fail(i32 code, i32 at) {
  error_code = code;
  error_at = at < 0 ? -1 : s.offset + at;
  return -1;
}

/** Sets the hash's start. */
__attribute__((export_name("start"))) void start(u32 random) {
  seed = random;
  for (i32 i = 0; i < SLOTS * 4; i++) after[i] = -1;
  for (i32 i = 0; i < 64; i++) first[i] = -1;
}

/** A reader for a new text; the table of names stays. */
__attribute__((export_name("reset"))) void reset(void) {
  s = START;
  error_code = FINE;
  error_at = -1;
}

/** Room for `needed` bytes at `buffer`; 0 when the memory cannot grow. */
static i32 fit(u32 needed) {
  extern u8 __heap_base;
  if (capacity == 0) buffer = &__heap_base;
  if (needed <= capacity) return 1;
  u32 end = (u32)(uintptr_t)buffer + needed;
  u32 have = __builtin_wasm_memory_size(0) * PAGE;
  if (end > have && __builtin_wasm_memory_grow(0, (end - have + PAGE - 1) / PAGE) == (u32)-1)
    return 0;
  capacity = needed;
  return 1;
}

/**
 * Room for a chunk of `length` bytes after what was held back; where to write it, or 0 when the
 * memory cannot grow.
 */
__attribute__((export_name("room"))) u8 *room(i32 length) {
  if (!fit((u32)s.carry_length + (u32)length + 16)) return 0;
  if (s.carry_length > 0 && s.carry_at != 0)
    __builtin_memmove(buffer, buffer + s.carry_at, s.carry_length);
  s.carry_at = 0;
  return buffer + s.carry_length;
}

/**
 * Where a text's reading is kept (json.ts reads and writes it whole to put a reading aside and
 * take it up again): the state, then the containers' kinds and whether each object kept a member.
 */
__attribute__((export_name("state"))) void *state(void) { return &s; }
__attribute__((export_name("stateSize"))) i32 state_size(void) { return sizeof s; }
__attribute__((export_name("kinds"))) u8 *kinds_at(void) { return kinds; }
__attribute__((export_name("kept"))) u8 *kept_at(void) { return kept; }
__attribute__((export_name("depth"))) i32 depth_of(void) { return s.depth; }
/** The bytes held back from the last chunk (`heldLength` of them). */
__attribute__((export_name("held"))) u8 *held(void) { return buffer + s.carry_at; }
__attribute__((export_name("heldLength"))) i32 held_length(void) { return s.carry_length; }
/**
 * Where json.ts writes the bytes a reading taken up again held back (`carry_length` of them, as
 * its state says), or 0 when the memory cannot grow.
 */
__attribute__((export_name("hold"))) u8 *hold(void) {
  if (!fit((u32)s.carry_length + 16)) return 0;
  s.carry_at = 0;
  return buffer;
}

/** Where what `read` passes on begins. */
__attribute__((export_name("output"))) u8 *output(void) { return buffer; }
__attribute__((export_name("errorCode"))) i32 error_code_of(void) { return error_code; }
__attribute__((export_name("errorAt"))) double error_at_of(void) { return error_at; }
__attribute__((export_name("done"))) i32 done(void) { return s.state == DONE; }
__attribute__((export_name("unchanged"))) i32 unchanged_of(void) { return unchanged; }

/**
 * Reads the chunk of `length` bytes written where `room` said: how many bytes at `output` may be
 * passed on now, or -1 when the bytes stop being JSON (`errorCode`, `errorAt`); everything passed
 * on before is whole and safe.
 */
__attribute__((export_name("read"))) i32 read(i32 length) {
  u8 *buf = buffer;
  b = buf;
  const i32 n = s.carry_length + length;
  const i32 carried = s.carrying;
  s.carrying = 0;
  s.carry_length = 0;
  buf[n] = 0;
  buf[n + 1] = 0;
  i32 w = 0;
  i32 depth = s.depth;
  i32 skip_at = s.skip_at;
  i32 st = s.state;
  i32 from = skip_at == -1 ? 0 : -1;
  /* Where the member whose name is awaited began (its comma, or just after `{`), or -1. */
  i32 member_at = carried && st == KEY_OR_END ? 0 : -1;
  /* That member's comma, or -1 for an object's first member. */
  i32 comma = -1;
  i32 i = 0;

  if (!s.started && n > 0) {
    s.started = 1;
    if (n >= 3 && buf[0] == 0xef && buf[1] == 0xbb && buf[2] == 0xbf) i = 3;
  }
  if (st == STRING && s.escape_pending && n > 0) {
    s.escape_pending = 0;
    i = 1;
  }

  while (i < n) {
    const u8 c = buf[i];
    i32 ended = 0;
    switch (st) {
    case VALUE:
    case VALUE_OR_END:
      if (c == QUOTE) {
        st = STRING;
        i32 end = string_end(i + 1, n);
        if (end < 0) goto out;
        i = end + 1;
        ended = 1;
      } else if (c == '{' || c == '[') {
        if (depth + 1 > DEEPEST) return fail(TOO_DEEP, i);
        depth++;
        i++;
        if (c == '{') {
          kinds[depth] = OBJECT;
          kept[depth] = 0;
          last[depth] = -1;
          st = KEY_OR_END;
          if (skip_at == -1) member_at = i;
          comma = -1;
        } else {
          kinds[depth] = ARRAY;
          st = VALUE_OR_END;
        }
      } else if (is_literal_start(c)) {
        i = literal_end(i + 1, n);
        if (i < n) ended = 1;
        else st = LITERAL;
      } else if (is_space(c)) {
        i++;
      } else if (c == ']' && st == VALUE_OR_END) {
        depth--;
        i++;
        ended = 1;
      } else {
        return fail(VALUE_EXPECTED, i);
      }
      break;
    case KEY_OR_END:
    case KEY:
      if (c == QUOTE) {
        if (skip_at != -1) {
          /* A name inside a member being left out needs no verdict. */
          st = STRING;
          s.name_in_string = 1;
          i32 end = string_end(i + 1, n);
          if (end < 0) goto out;
          s.name_in_string = 0;
          i = end + 1;
          st = COLON_NEXT;
          break;
        }
        /* Members one after another, the common `"name":value,` read here in one go. */
        for (;;) {
          i32 name_end = 0;
          i32 verdict = name_verdict(i + 1, n, &name_end, depth);
          if (verdict == 0) {
            if (n - member_at > LONGEST_NAME) return fail(NAME_TOO_LONG, i);
            goto out; /* the name goes on in the next chunk */
          }
          if (verdict < 0) return fail(NAME_NOT_A_STRING, -1);
          if (verdict == 2) {
            i32 cut = comma == -1 ? member_at : comma;
            if (cut > from) w = keep(buf, from, cut, w);
            from = -1;
            skip_at = depth;
          } else {
            if (comma != -1 && kept[depth] == 0) {
              /* Every member before this one was left out, so goes the comma before it. */
              if (comma > from) w = keep(buf, from, comma, w);
              from = comma + 1;
            }
            kept[depth] = 1;
          }
          member_at = -1;
          i = name_end + 1;
          if (buf[i] != COLON) {
            st = COLON_NEXT;
            break;
          }
          i++;
          const u8 v = buf[i];
          if (i < n && v == QUOTE) {
            i32 end = string_end(i + 1, n);
            if (end < 0) {
              st = STRING;
              goto out;
            }
            i = end + 1;
          } else if (i < n && is_literal_start(v)) {
            i = literal_end(i + 1, n);
            if (i >= n) {
              st = LITERAL;
              goto out;
            }
          } else {
            st = VALUE;
            break;
          }
          /* The value ended at i. */
          if (skip_at == depth) {
            skip_at = -1;
            from = i;
          }
          if (buf[i] == COMMA && i + 1 < n && buf[i + 1] == QUOTE) {
            member_at = i;
            comma = i;
            i++;
            continue;
          }
          st = AFTER;
          break;
        }
      } else if (is_space(c)) {
        i++;
      } else if (c == '}' && st == KEY_OR_END) {
        member_at = -1;
        depth--;
        i++;
        ended = 1;
      } else {
        return fail(NAME_EXPECTED, i);
      }
      break;
    case AFTER:
      if (c == COMMA) {
        if (kinds[depth] == OBJECT) {
          st = KEY;
          if (skip_at == -1) {
            member_at = i;
            comma = i;
          }
        } else {
          st = VALUE;
        }
        i++;
      } else if ((c == '}' && kinds[depth] == OBJECT) || (c == ']' && kinds[depth] == ARRAY)) {
        depth--;
        i++;
        ended = 1;
      } else if (is_space(c)) {
        i++;
      } else {
        return fail(COMMA_OR_END_EXPECTED, i);
      }
      break;
    case COLON_NEXT:
      if (c == COLON) {
        i++;
        st = VALUE;
      } else if (is_space(c)) {
        i++;
      } else {
        return fail(COLON_EXPECTED, i);
      }
      break;
    case STRING: {
      i32 end = string_end(i, n);
      if (end < 0) goto out;
      i = end + 1;
      if (s.name_in_string) {
        s.name_in_string = 0;
        st = COLON_NEXT;
      } else {
        ended = 1;
      }
      break;
    }
    case LITERAL:
      i = literal_end(i, n);
      if (i < n) ended = 1;
      break;
    default:
      if (is_space(c)) i++;
      else return fail(NOTHING_MAY_FOLLOW, i);
    }
    if (ended) {
      /* A value ended at i: back to its container, and to passing bytes on if it was left out. */
      st = depth == 0 ? DONE : AFTER;
      if (skip_at == depth) {
        skip_at = -1;
        from = i;
      }
    }
  }

out:
  s.depth = depth;
  s.skip_at = skip_at;
  s.offset += n;
  if (member_at != -1) {
    /* A member whose name is not decided yet: held back, its comma too, for the next chunk. */
    s.carrying = 1;
    s.carry_at = member_at;
    s.carry_length = n - member_at;
    s.offset -= n - member_at;
    s.state = buf[member_at] == COMMA && member_at < n ? AFTER : KEY_OR_END;
    if (from != -1 && member_at > from) w = keep(buf, from, member_at, w);
  } else {
    s.state = st;
    if (from != -1 && n > from) w = keep(buf, from, n, w);
  }
  unchanged = !carried && w == n;
  return w;
}
