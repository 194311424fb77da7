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

/* The result being built, at most SHORT_RESULT bytes. */
typedef struct {
    char bytes[SHORT_RESULT];
    size_t length;
} result;

/* Builds the result in one pass, writing each conversion straight into it;
 * 0 as soon as anything is not of the fast kind or the result would not
 * fit, before anything has been pushed. */
static int format_short(lua_State *L, const char *format, size_t length, result *r) {
    const char *p = format, *end = format + length;
    char *out = r->bytes, *const limit = r->bytes + SHORT_RESULT;
    int arg = 1;
    while (p < end) {
        char c = *p++;
        if (c != '%') {
            if (out == limit) return 0;
            *out++ = c;
            continue;
        }
        spec s;
        if (!parse_spec(&p, end, &s)) return 0;
        if (s.conversion == '%') {
            if (out == limit) return 0;
            *out++ = '%';
            continue;
        }
        const char *body;
        size_t n;
        int negative = 0;
        char digits[24];
        if (s.conversion == 's') {
            if (lua_type(L, ++arg) != LUA_TSTRING) return 0;
            body = lua_tolstring(L, arg, &n);
            /* Lua refuses a string with a zero byte when padding it. */
            if (memchr(body, '\0', n) != NULL) return 0;
        } else {
            if (!lua_isinteger(L, ++arg)) return 0;
            lua_Integer value = lua_tointeger(L, arg);
            char *digits_end = digits + sizeof digits, *q = digits_end;
            if (s.conversion == 'd') {
                /* Unsigned arithmetic so the most negative integer has a magnitude. */
                unsigned long long magnitude = (unsigned long long)value;
                if (value < 0) {
                    negative = 1;
                    magnitude = 0ULL - magnitude;
                }
                do *--q = (char)('0' + magnitude % 10); while ((magnitude /= 10) != 0);
            } else {
                /* %x reads the integer as unsigned, as C's does. */
                const char *hex = s.conversion == 'x' ? "0123456789abcdef" : "0123456789ABCDEF";
                unsigned long long bits = (unsigned long long)value;
                do *--q = hex[bits & 15]; while ((bits >>= 4) != 0);
            }
            body = q;
            n = (size_t)(digits_end - q);
        }
        /* Padded to the width as printf pads: spaces before, zeros after
         * the sign, or spaces after when left-justified. */
        size_t used = n + (size_t)negative;
        size_t pad = (size_t)s.width > used ? (size_t)s.width - used : 0;
        if (used + pad > (size_t)(limit - out)) return 0;
        if (!s.left && !s.zero) {
            memset(out, ' ', pad);
            out += pad;
        }
        if (negative) *out++ = '-';
        if (!s.left && s.zero) {
            memset(out, '0', pad);
            out += pad;
        }
        memcpy(out, body, n);
        out += n;
        if (s.left) {
            memset(out, ' ', pad);
            out += pad;
        }
    }
    r->length = (size_t)(out - r->bytes);
    return 1;
}

static int fast_format(lua_State *L) {
    size_t length = 0;
    const char *format = lua_type(L, 1) == LUA_TSTRING ? lua_tolstring(L, 1, &length) : NULL;
    result r;
    r.length = 0;
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
