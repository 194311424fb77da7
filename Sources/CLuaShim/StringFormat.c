/*
 * string.format without the C library's printf for the conversions plugins
 * use to build names and codes by the thousand: %d and %i of integers, %x and
 * %X of integers, %s of strings, each with an optional '-' or '0' flag and a
 * width, and %%, when the result fits a small buffer. Anything else (floats,
 * precision, %q, %c, other flags, an argument of another type, a missing
 * argument, a malformed format, a long result) goes to Lua's own
 * string.format untouched, so results and errors are Lua's own.
 */

#include <lua5.4/lauxlib.h>
#include <lua5.4/lua.h>
#include <string.h>

#include "StringFormat.h"

/* Results up to this long are built on the C stack and pushed once. */
#define SHORT_RESULT 256

/* One conversion of the fast kind. */
typedef struct {
    char conversion; /* 'd', 'x', 'X', 's' or '%' */
    int left;        /* '-': pad on the right */
    int zero;        /* '0': pad numbers with zeros */
    int width;
} spec;

/* Parses the conversion after a '%' at *at; 0 when it is not of the fast
 * kind (Lua's own format then decides what it means). */
static int parse_spec(const char **at, const char *end, spec *out) {
    const char *p = *at;
    out->left = out->zero = out->width = 0;
    if (p < end && *p == '%') {
        out->conversion = '%';
        *at = p + 1;
        return 1;
    }
    /* Lua allows a flag more than once; two are plenty for the fast path. */
    for (int flags = 0; p < end && (*p == '-' || *p == '0'); p++, flags++) {
        if (flags == 2) return 0;
        if (*p == '-') out->left = 1; else out->zero = 1;
    }
    /* Lua takes at most two digits of width. */
    for (int digits = 0; p < end && *p >= '0' && *p <= '9'; p++, digits++) {
        if (digits == 2) return 0;
        out->width = out->width * 10 + (*p - '0');
    }
    if (p >= end) return 0;
    switch (*p) {
    case 'd': case 'i': out->conversion = 'd'; break;
    case 'x': out->conversion = 'x'; break;
    case 'X': out->conversion = 'X'; break;
    /* Lua allows only '-' with %s. */
    case 's': if (out->zero) return 0; out->conversion = 's'; break;
    default: return 0;
    }
    *at = p + 1;
    return 1;
}

/* The result being built; `full` once it would pass SHORT_RESULT. */
typedef struct {
    char bytes[SHORT_RESULT];
    size_t length;
    int full;
} result;

static void add(result *r, const char *bytes, size_t length) {
    if (r->full || length > SHORT_RESULT - r->length) {
        r->full = 1;
        return;
    }
    memcpy(r->bytes + r->length, bytes, length);
    r->length += length;
}

static void add_repeated(result *r, char c, size_t count) {
    if (r->full || count > SHORT_RESULT - r->length) {
        r->full = 1;
        return;
    }
    memset(r->bytes + r->length, c, count);
    r->length += count;
}

/* `sign` then `body`, padded to the spec's width as printf pads. */
static void add_padded(result *r, const spec *s, const char *sign, const char *body, size_t length) {
    size_t used = strlen(sign) + length;
    size_t pad = (size_t)s->width > used ? (size_t)s->width - used : 0;
    if (!s->left && !s->zero) add_repeated(r, ' ', pad);
    add(r, sign, strlen(sign));
    if (!s->left && s->zero) add_repeated(r, '0', pad);
    add(r, body, length);
    if (s->left) add_repeated(r, ' ', pad);
}

static void add_integer(result *r, const spec *s, lua_Integer value) {
    char digits[24];
    char *end = digits + sizeof digits, *p = end;
    const char *sign = "";
    if (s->conversion == 'd') {
        /* Unsigned arithmetic so the most negative integer has a magnitude. */
        unsigned long long magnitude = (unsigned long long)value;
        if (value < 0) {
            sign = "-";
            magnitude = 0ULL - magnitude;
        }
        do *--p = (char)('0' + magnitude % 10); while ((magnitude /= 10) != 0);
    } else {
        /* %x reads the integer as unsigned, as C's does. */
        const char *hex = s->conversion == 'x' ? "0123456789abcdef" : "0123456789ABCDEF";
        unsigned long long bits = (unsigned long long)value;
        do *--p = hex[bits & 15]; while ((bits >>= 4) != 0);
    }
    add_padded(r, s, sign, p, (size_t)(end - p));
}

/* Builds the result in one pass; 0 as soon as anything is not of the fast
 * kind, before anything has been pushed. */
static int format_short(lua_State *L, const char *format, size_t length, result *r) {
    const char *p = format, *end = format + length;
    int arg = 1;
    while (p < end) {
        const char *percent = memchr(p, '%', (size_t)(end - p));
        if (percent == NULL) percent = end;
        add(r, p, (size_t)(percent - p));
        if (percent == end) break;
        p = percent + 1;
        spec s;
        if (!parse_spec(&p, end, &s)) return 0;
        if (s.conversion == '%') {
            add(r, "%", 1);
        } else if (s.conversion == 's') {
            if (lua_type(L, ++arg) != LUA_TSTRING) return 0;
            size_t n;
            const char *text = lua_tolstring(L, arg, &n);
            /* Lua refuses a string with a zero byte when padding it. */
            if (memchr(text, '\0', n) != NULL) return 0;
            add_padded(r, &s, "", text, n);
        } else {
            if (!lua_isinteger(L, ++arg)) return 0;
            add_integer(r, &s, lua_tointeger(L, arg));
        }
        if (r->full) return 0;
    }
    return !r->full;
}

static int fast_format(lua_State *L) {
    size_t length = 0;
    const char *format = lua_type(L, 1) == LUA_TSTRING ? lua_tolstring(L, 1, &length) : NULL;
    result r;
    r.length = 0;
    r.full = 0;
    if (format != NULL && format_short(L, format, length, &r)) {
        lua_pushlstring(L, r.bytes, r.length);
        return 1;
    }
    /* Lua's own format for every other case, entered in this call's frame
     * with the arguments untouched, so even its error messages name the
     * function as the script called it. */
    lua_CFunction lua_format = lua_tocfunction(L, lua_upvalueindex(1));
    return lua_format(L);
}

void sbl_install_fast_format(lua_State *L, int string_table) {
    lua_getfield(L, string_table, "format");
    if (lua_tocfunction(L, -1) == NULL) {
        lua_pop(L, 1);
        return;
    }
    lua_pushcclosure(L, fast_format, 1);
    lua_setfield(L, string_table, "format");
}
