#ifndef SWATCHBOOK_ORDEREDPAIRS_H
#define SWATCHBOOK_ORDEREDPAIRS_H

#include <lua5.4/lua.h>

/* Replaces `pairs` in the table at `globals` with one whose order is the
 * same on every run (see OrderedPairs.c). */
void sbl_install_ordered_pairs(lua_State *L, int globals);

#endif
