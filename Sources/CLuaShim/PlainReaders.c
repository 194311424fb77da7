/*
 * Reading the common shapes of catalogue tables without raising: the plain
 * item and row, and the keys a shape does not know.
 */
#include "Guard.h"

#include <lua5.4/lauxlib.h>
#include <lua5.4/lua.h>
#include <lua5.4/lualib.h>

/* The keys the plain readers know, kept alive in the registry under the
 * address of `plain_keys_anchor` (KEY_ in Guard.h numbers them). */
static const char *const plain_keys[PLAIN_KEY_COUNT] = {
    "name",     "color",    "count",       "id",  "fields", "data",   "items",     "children",
    "rows",     "selected", "expanded",    "description", "ref", "key", "swatch", "extensions", "scope"};
static const char plain_keys_anchor = 0;
_Static_assert(SBL_KEY_NAME == 1u << KEY_NAME && SBL_KEY_CHILDREN == 1u << KEY_CHILDREN
                   && SBL_KEY_EXPANDED == 1u << KEY_EXPANDED && SBL_KEY_EXTENSIONS == 1u << KEY_EXTENSIONS
                   && SBL_KEY_SCOPE == 1u << KEY_SCOPE,
               "the header's key bits follow the anchored keys");

int sbl_anchor_plain_keys(lua_State *L) {
    sbl_guard *g = guard_of(L);
    lua_createtable(L, PLAIN_KEY_COUNT, 0);
    for (int k = 0; k < PLAIN_KEY_COUNT; k++) {
        lua_pushstring(L, plain_keys[k]);
        g->plain_key_objects[k] = lua_topointer(L, -1);
        lua_rawseti(L, -2, k + 1);
    }
    lua_rawsetp(L, LUA_REGISTRYINDEX, &plain_keys_anchor);
    return 0;
}

/* The type of a colour a plain item takes: a string, or a colour value
 * (see read_colour_value). */
#define TYPE_COLOR (LUA_NUMTYPES + 1)
/* Any value: only whether the key is there. */
#define TYPE_ANY (LUA_NUMTYPES + 2)

/* Reads the colour value at `index` into `item` (its block, and its CSS
 * text when it keeps one), and gives its colour as 0xRRGGBBAA; -1 for a
 * value that is no colour value. Needs two free stack slots. */
static int64_t read_colour_value(lua_State *L, int index, sbl_item_fields *item) {
    if (!lua_getmetatable(L, index)) return -1;
    luaL_getmetatable(L, "swatchbook.color");
    int same = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    if (!same) return -1;
    const unsigned char *bytes = lua_touserdata(L, index);
    item->color_block = bytes;
    item->color_block_length = lua_rawlen(L, index);
    item->color_css.bytes = NULL;
    item->color_css.length = 0;
    if (lua_getiuservalue(L, index, 1) == LUA_TSTRING) {
        /* kept alive by the colour value, which the table holds */
        item->color_css.bytes = lua_tolstring(L, -1, &item->color_css.length);
    }
    lua_pop(L, 1);
    return (int64_t)((uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3]);
}

/* Reads the table at `index` in one pass for a plain shape: every key in
 * `wanted` (a mask of 1 << KEY_) present with the Lua type `types` gives
 * it, a key in `optional` absent or of that type, no key in `refused`;
 * other keys are left alone, as the full readers leave them. Fills
 * `fields` by KEY_ (a table's only by its presence): strings point into
 * the table, which keeps them alive; `*found` is the mask of the keys
 * present. Nothing is left on the stack and nothing can raise. */
static int read_plain_found(lua_State *L, int index, unsigned wanted, unsigned optional, unsigned refused,
                            const int types[PLAIN_KEY_COUNT], sbl_field fields[PLAIN_KEY_COUNT],
                            unsigned *found_keys) {
    /* A key and its value above the table; callers may be outside any C
     * function, where Lua promises no free slots. */
    if (lua_type(L, index) != LUA_TTABLE || !lua_checkstack(L, 5)) return 0;
    const void *const *keys = guard_of(L)->plain_key_objects;
    int top = lua_gettop(L);
    unsigned found = 0;
    int plain = 1;
    lua_pushnil(L);
    while (plain && lua_next(L, index) != 0) {
        /* A key the host does not know at all is a mistake the full reader
         * warns about, so the table is not plain. */
        int known = 0;
        if (lua_type(L, -2) == LUA_TSTRING) {
            const void *key = lua_topointer(L, -2);
            for (int k = 0; k < PLAIN_KEY_COUNT; k++) {
                if (key != keys[k]) continue;
                known = 1;
                unsigned bit = 1u << k;
                if (refused & bit) {
                    plain = 0;
                } else if ((wanted | optional) & bit) {
                    int type = lua_type(L, -1);
                    if ((types[k] == LUA_TSTRING || types[k] == TYPE_COLOR) && type == LUA_TSTRING) {
                        fields[k].bytes = lua_tolstring(L, -1, &fields[k].length);
                    } else if (types[k] == TYPE_COLOR && type == LUA_TUSERDATA) {
                        /* read once the table is known to be plain: bytes
                         * NULL, where a string's never are */
                        fields[k].bytes = NULL;
                        fields[k].length = 0;
                        fields[k].integer = -1;
                    } else if (types[k] == LUA_TNUMBER && lua_isinteger(L, -1)) {
                        fields[k].integer = (int64_t)lua_tointeger(L, -1);
                    } else if (types[k] == TYPE_ANY || (types[k] == LUA_TTABLE && type == LUA_TTABLE)) {
                        /* Only its presence: the caller reads it. */
                    } else {
                        plain = 0;
                    }
                    found |= bit;
                }
                break;
            }
        }
        if (!known) plain = 0;
        lua_pop(L, 1);
    }
    lua_settop(L, top);
    *found_keys = found;
    return plain && (found & wanted) == wanted;
}

static int read_plain(lua_State *L, int index, unsigned wanted, unsigned refused,
                      const int types[PLAIN_KEY_COUNT], sbl_field fields[PLAIN_KEY_COUNT]) {
    unsigned found = 0;
    return read_plain_found(L, index, wanted, 0, refused, types, fields, &found);
}

/* What a palette file says of a colour (the full reader reads them): a
 * table with any of them is not plain. */
#define AUTHORED_KEYS                                                                                        \
    (1u << KEY_DESCRIPTION | 1u << KEY_REF | 1u << KEY_KEY | 1u << KEY_SWATCH | 1u << KEY_EXTENSIONS | 1u << KEY_SCOPE)

/* A hex digit's value with 0x10 set; 0 for a byte that is not one. */
#define DIGIT(c, v) [c] = 0x10 | (v)
static const unsigned char hex_values[256] = {
    DIGIT('0', 0),  DIGIT('1', 1),  DIGIT('2', 2),  DIGIT('3', 3),  DIGIT('4', 4),  DIGIT('5', 5),
    DIGIT('6', 6),  DIGIT('7', 7),  DIGIT('8', 8),  DIGIT('9', 9),  DIGIT('a', 10), DIGIT('b', 11),
    DIGIT('c', 12), DIGIT('d', 13), DIGIT('e', 14), DIGIT('f', 15), DIGIT('A', 10), DIGIT('B', 11),
    DIGIT('C', 12), DIGIT('D', 13), DIGIT('E', 14), DIGIT('F', 15)};
#undef DIGIT

/* `#RRGGBB` or `#RRGGBBAA` (either case) as 0xRRGGBBAA, opaque for six
 * digits; -1 for anything else, which the general colour parser reads. */
static int64_t long_hex(const char *bytes, size_t length) {
    if ((length != 7 && length != 9) || bytes[0] != '#') return -1;
    uint32_t value = 0;
    unsigned all = 0x10;
    for (size_t k = 1; k < length; k++) {
        unsigned digit = hex_values[(unsigned char)bytes[k]];
        all &= digit;
        value = value << 4 | (digit & 0xF);
    }
    if (all == 0) return -1;
    return length == 7 ? (int64_t)(value << 8 | 0xFF) : (int64_t)value;
}

int sbl_plain_item(lua_State *L, int index, sbl_field *name, sbl_field *color) {
    static const int types[PLAIN_KEY_COUNT] = {[KEY_NAME] = LUA_TSTRING, [KEY_COLOR] = LUA_TSTRING};
    sbl_field fields[PLAIN_KEY_COUNT];
    int plain = read_plain(L, lua_absindex(L, index), 1u << KEY_NAME | 1u << KEY_COLOR,
                           1u << KEY_ID | 1u << KEY_FIELDS | 1u << KEY_DATA | AUTHORED_KEYS, types, fields);
    if (plain) {
        *name = fields[KEY_NAME];
        *color = fields[KEY_COLOR];
        color->integer = long_hex(color->bytes, color->length);
    }
    return plain;
}

/* The keys of other shapes, which a plain item has been read without (as
 * the full reader would, but for its warning of them). */
#define OTHER_SHAPES_KEYS                                                                                    \
    (1u << KEY_COUNT | 1u << KEY_ITEMS | 1u << KEY_CHILDREN | 1u << KEY_ROWS | 1u << KEY_SELECTED | 1u << KEY_EXPANDED)

int sbl_listed_item(lua_State *L, int index, sbl_item_fields *item) {
    static const int types[PLAIN_KEY_COUNT] = {
        [KEY_NAME] = LUA_TSTRING,  [KEY_COLOR] = TYPE_COLOR,   [KEY_ID] = LUA_TSTRING,     [KEY_KEY] = LUA_TSTRING,
        [KEY_REF] = LUA_TSTRING,   [KEY_SCOPE] = LUA_TSTRING,  [KEY_DESCRIPTION] = LUA_TSTRING,
        [KEY_SWATCH] = LUA_TSTRING, [KEY_COUNT] = TYPE_ANY,    [KEY_ITEMS] = TYPE_ANY,     [KEY_CHILDREN] = TYPE_ANY,
        [KEY_ROWS] = TYPE_ANY,     [KEY_SELECTED] = TYPE_ANY, [KEY_EXPANDED] = TYPE_ANY};
    const unsigned listed = 1u << KEY_ID | 1u << KEY_KEY | 1u << KEY_REF | 1u << KEY_SCOPE | 1u << KEY_DESCRIPTION
                            | 1u << KEY_SWATCH;
    sbl_field fields[PLAIN_KEY_COUNT];
    unsigned found = 0;
    index = lua_absindex(L, index);
    int plain = read_plain_found(L, index, 1u << KEY_NAME | 1u << KEY_COLOR, listed | OTHER_SHAPES_KEYS,
                                 1u << KEY_FIELDS | 1u << KEY_DATA | 1u << KEY_EXTENSIONS, types, fields, &found);
    /* With an id or what a file said, the full reader would have read it,
     * and warned of another shape's key: so it still does. */
    if (plain && (found & listed) && (found & OTHER_SHAPES_KEYS)) plain = 0;
    if (!plain) return 0;
    item->name = fields[KEY_NAME];
    item->color = fields[KEY_COLOR];
    item->color_block = NULL;
    if (!item->color.bytes) {
        if (!lua_checkstack(L, 4)) return 0;
        lua_pushliteral(L, "color");
        lua_rawget(L, index);
        item->color.integer = read_colour_value(L, lua_gettop(L), item);
        lua_pop(L, 1);
        if (item->color.integer < 0) return 0;
    } else {
        item->color.integer = long_hex(item->color.bytes, item->color.length);
    }
    /* `{ name, color = "…" }` alone, the common item, is said apart */
    if (!(found & listed) && !item->color_block) return 1;
    static const sbl_field none = {NULL, 0, -1};
    item->id = found & 1u << KEY_ID ? fields[KEY_ID] : none;
    item->key = found & 1u << KEY_KEY ? fields[KEY_KEY] : none;
    item->ref = found & 1u << KEY_REF ? fields[KEY_REF] : none;
    item->scope = found & 1u << KEY_SCOPE ? fields[KEY_SCOPE] : none;
    item->description = found & 1u << KEY_DESCRIPTION ? fields[KEY_DESCRIPTION] : none;
    item->swatch = found & 1u << KEY_SWATCH ? fields[KEY_SWATCH] : none;
    return 2;
}

int sbl_plain_node(lua_State *L, int index, sbl_field *name, sbl_field *color, int *children) {
    static const int types[PLAIN_KEY_COUNT] = {
        [KEY_NAME] = LUA_TSTRING, [KEY_COLOR] = LUA_TSTRING, [KEY_CHILDREN] = LUA_TTABLE};
    sbl_field fields[PLAIN_KEY_COUNT];
    unsigned found = 0;
    int plain = read_plain_found(L, lua_absindex(L, index), 1u << KEY_NAME, 1u << KEY_COLOR | 1u << KEY_CHILDREN,
                                 1u << KEY_ID | 1u << KEY_FIELDS | 1u << KEY_DATA | 1u << KEY_ITEMS | 1u << KEY_COUNT
                                     | 1u << KEY_ROWS | 1u << KEY_SELECTED | 1u << KEY_EXPANDED | AUTHORED_KEYS,
                                 types, fields, &found);
    if (plain) {
        *name = fields[KEY_NAME];
        if (found & 1u << KEY_COLOR) {
            *color = fields[KEY_COLOR];
            color->integer = long_hex(color->bytes, color->length);
        } else {
            color->bytes = NULL;
            color->length = 0;
            color->integer = -1;
        }
        *children = (found & 1u << KEY_CHILDREN) != 0;
    }
    return plain;
}

int sbl_plain_row(lua_State *L, int index, sbl_field *name, sbl_field *count) {
    static const int types[PLAIN_KEY_COUNT] = {[KEY_NAME] = LUA_TSTRING, [KEY_COUNT] = LUA_TNUMBER};
    sbl_field fields[PLAIN_KEY_COUNT];
    int plain = read_plain(L, lua_absindex(L, index), 1u << KEY_NAME | 1u << KEY_COUNT,
                           1u << KEY_ID | 1u << KEY_ITEMS | 1u << KEY_FIELDS | 1u << KEY_CHILDREN | AUTHORED_KEYS,
                           types, fields);
    if (plain) {
        *name = fields[KEY_NAME];
        *count = fields[KEY_COUNT];
    }
    return plain;
}

int sbl_unknown_keys(lua_State *L, int index, unsigned known) {
    index = lua_absindex(L, index);
    if (lua_type(L, index) != LUA_TTABLE || !lua_checkstack(L, 3)) return 0;
    const void *const *keys = guard_of(L)->plain_key_objects;
    int top = lua_gettop(L);
    int unknown = 0;
    lua_pushnil(L);
    while (lua_next(L, index) != 0) {
        int found = 0;
        if (lua_type(L, -2) == LUA_TSTRING) {
            const void *key = lua_topointer(L, -2);
            for (int k = 0; k < PLAIN_KEY_COUNT; k++) {
                if (key == keys[k]) {
                    found = (known >> k) & 1u;
                    break;
                }
            }
        }
        unknown += !found;
        lua_pop(L, 1);
    }
    lua_settop(L, top);
    return unknown;
}
