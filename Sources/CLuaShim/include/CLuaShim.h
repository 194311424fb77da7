#ifndef SWATCHBOOK_CLUASHIM_H
#define SWATCHBOOK_CLUASHIM_H

/*
 * The C edge of Swatchbook's Lua runtime.
 *
 * Swift never sees a raising Lua call: functions written in Swift are entered
 * through a C trampoline that raises their error after the Swift frames have
 * returned, and every state runs behind a guard that caps its memory and arms
 * a time-out hook only once a call has run out of its time budget.
 */

#include <stddef.h>
#include <stdint.h>

typedef struct lua_State lua_State;
typedef struct sbl_guard sbl_guard;

/* A host function: returns the number of results pushed, or -1 after pushing
 * an error message, which the trampoline then raises. It must not call any
 * Lua function that can raise an error. */
typedef int (*sbl_host_fn)(lua_State *L, void *context);

/* ---- States, memory cap and time budget ---- */

/* Creates a state whose allocator refuses to grow past `memory_limit` bytes,
 * and a watchdog thread for its time budget. NULL when out of memory. */
lua_State *sbl_newstate(size_t memory_limit);
void sbl_close(lua_State *L);
/* For host code, whose allocations pass the cap while it runs: 1 when the
 * state's memory and `more` bytes still fit under the cap; else 0, and the
 * cap trips as for a refused allocation, refusing until the call ends, so a
 * host function can stop building what would not fit and raise. */
int sbl_check_cap(lua_State *L, size_t more);

/* Calls the function below the top `nargs` values with a traceback handler
 * and a time budget of `budget_ms` milliseconds (shared by nested calls).
 * Returns the Lua status; on error the message is on top and the traceback
 * is kept for sbl_last_traceback. Sets *timed_out and *out_of_memory when
 * the error came from the guard. */
int sbl_pcall(lua_State *L, int nargs, int nresults, int64_t budget_ms,
              int *timed_out, int *out_of_memory);
/* A call still running a second past its budget is stuck in C code the
 * hook cannot reach (a backtracking string.find): the watchdog then calls
 * the stop hook, writes the state's stuck message and a newline to standard
 * error, and ends the process with status 65. The hook is process-wide and
 * must be async-signal-safe; the message is per state. */
void sbl_set_stop_hook(void (*hook)(void));
void sbl_set_stuck_message(lua_State *L, const char *message);
/* The traceback of the last error caught by sbl_pcall (owned by the state). */
const char *sbl_last_traceback(lua_State *L);

/* Runs `fn(L, context)` in protected mode with the top `nargs` values as its
 * arguments; returns the Lua status and leaves the error message on top on
 * failure, or fn's results on success. */
int sbl_protected(lua_State *L, sbl_host_fn fn, void *context, int nargs, int nresults);

/* Pushes a Lua function that enters `fn` through the error trampoline. */
void sbl_push_host_function(lua_State *L, sbl_host_fn fn, void *context);

/* ---- Loading ---- */

/* Loads text-only Lua source; `chunkname` should start with '@'. */
int sbl_loadtext(lua_State *L, const char *text, size_t length, const char *chunkname);

/* Opens the sandboxed standard library: base (without dofile, loadfile and
 * binary `load`), string, table, math, utf8, coroutine, and a safe `os`. */
void sbl_open_sandbox(lua_State *L, int64_t seed);

/* ---- Reading without raising ---- */

/* The common lazy answers, read without protected mode. Each returns 1 and
 * fills its fields for exactly its shape, 0 for anything else, which the
 * caller reads in full in protected mode. They never raise and allocate
 * nothing: the keys they look up are kept alive by the state. */
typedef struct {
    const char *bytes; /* a string's bytes, valid while the table holds it */
    size_t length;
    int64_t integer;
} sbl_field;

/* The keys of catalogue tables the host reads, as bits of a set. */
enum {
    SBL_KEY_NAME = 1 << 0, SBL_KEY_COLOR = 1 << 1, SBL_KEY_COUNT = 1 << 2, SBL_KEY_ID = 1 << 3,
    SBL_KEY_FIELDS = 1 << 4, SBL_KEY_DATA = 1 << 5, SBL_KEY_ITEMS = 1 << 6, SBL_KEY_CHILDREN = 1 << 7,
    SBL_KEY_ROWS = 1 << 8, SBL_KEY_SELECTED = 1 << 9, SBL_KEY_EXPANDED = 1 << 10,
    SBL_KEY_DESCRIPTION = 1 << 11, SBL_KEY_REF = 1 << 12, SBL_KEY_KEY = 1 << 13, SBL_KEY_SWATCH = 1 << 14,
    SBL_KEY_EXTENSIONS = 1 << 15, SBL_KEY_SCOPE = 1 << 16
};

/* How many keys of the table at `index` are not in `known` (SBL_KEY_ bits):
 * other strings, and keys of other types. Never raises, allocates nothing. */
int sbl_unknown_keys(lua_State *L, int index, unsigned known);

/* `{ name = "...", color = "..." }`, without id, fields or data, and with no
 * key the host does not know. The colour's integer is its value as
 * 0xRRGGBBAA when it is written `#RRGGBB` (opaque) or `#RRGGBBAA`, the forms
 * nearly every plugin uses, and -1 for any other, which the caller parses. */
int sbl_plain_item(lua_State *L, int index, sbl_field *name, sbl_field *color);
/* An item as palette readers write it: `name`, `color` (a string as
 * sbl_plain_item takes it, or a colour value: its integer 0xRRGGBBAA, its
 * block and that block's length, and the CSS text it keeps as its user
 * value, if any), and any of `id`, `key`, `ref`, `scope`, `description`
 * and `swatch`, all strings; no fields, data or extensions, and
 * no key the host does not know. A string that is absent has bytes NULL;
 * `color_block` is NULL for a colour written as a string. Returns 1 for
 * `{ name = "...", color = "..." }` alone (only `name`, `color` and
 * `color_block` are set), 2 for an item with more of these, 0 for any
 * other value. */
typedef struct {
    sbl_field name, color, id, key, ref, scope, description, swatch;
    const void *color_block;
    size_t color_block_length;
    sbl_field color_css;
} sbl_item_fields;
int sbl_listed_item(lua_State *L, int index, sbl_item_fields *item);
/* `{ name = "...", color = "...", children = {...} }` with the colour and the
 * children optional, nothing else the full reader looks at (id, fields,
 * items, selected, expanded, what a palette file said) and no key the host
 * does not know. The colour is as sbl_plain_item gives it, its length 0
 * when absent; `children` is 1 when the node has a table of them. */
int sbl_plain_node(lua_State *L, int index, sbl_field *name, sbl_field *color, int *children);
/* `{ name = "...", count = N }` (an integer), without id, items, fields or
 * children, and with no key the host does not know. */
int sbl_plain_row(lua_State *L, int index, sbl_field *name, sbl_field *count);

/* Takes a plain item of a batch (see sbl_call_items): returns 1 when the
 * host keeps it, 0 to have its table read in full instead. */
typedef int (*sbl_item_sink)(void *context, int k, const sbl_field *name, const sbl_field *color);

/* Calls the function at `function` as f(section, row, first + k, ctx) for k
 * from 0 while k < count (ctx the value at `ctx`), one sbl_pcall each under its own budget of `budget_ms`,
 * handing each plain item to `sink` before the next call. Stops after the
 * first call that fails (its status returned, message on top) or whose
 * result is not a plain item or is refused by the sink (LUA_OK, that result
 * on top, for the caller to read in full). *done counts the items the sink
 * kept, so calls made = *done, or *done + 1 after a stop. The caller makes
 * room on the stack for six more values (lua_checkstack). */
int sbl_call_items(lua_State *L, int function, int ctx, int64_t section, int64_t row, int64_t first,
                   int count, int64_t budget_ms, sbl_item_sink sink, void *context, int *done, int *timed_out,
                   int *out_of_memory);

/* ---- Key order ---- */

/* Pushes an array of the keys of the table at `table` in the order the
 * sandbox's `pairs` visits them: the array part, then the rest sorted, or the
 * order kept for the table first. Returns how many, or -1 (nothing pushed)
 * when the stack cannot grow. It allocates, so only call it where Lua may
 * raise out of memory: host code runs under the memory cap's grace. */
int sbl_push_keys_in_order(lua_State *L, int table);

/* Pops an array of keys and keeps it as the order in which `pairs` visits
 * the table at `table` (a decoded JSON object's document order). The order
 * lives as long as the table does. */
void sbl_keep_key_order(lua_State *L, int table);

/* ---- Function forms of lua.h macros Swift cannot import ---- */
void sbl_pop(lua_State *L, int n);
const char *sbl_tostring(lua_State *L, int index, size_t *length);
int64_t sbl_tointeger(lua_State *L, int index, int *isnum);
double sbl_tonumber(lua_State *L, int index, int *isnum);
int sbl_registryindex(void);
void sbl_pushglobaltable(lua_State *L);
void sbl_collect_garbage(lua_State *L);

#endif
