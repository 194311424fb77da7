#ifndef SWATCHBOOK_STRINGFORMAT_H
#define SWATCHBOOK_STRINGFORMAT_H

#include <lua5.4/lua.h>

/* Replaces `format` in the string table at `string_table` with one that
 * writes the common conversions itself and hands every other call to the
 * original (see StringFormat.c). */
void sbl_install_fast_format(lua_State *L, int string_table);

#endif
