/* Linux's renameat2, which Swift's Glibc module leaves out (glibc declares
   it only under _GNU_SOURCE). RENAME_EXCHANGE swaps two paths in one step,
   so a folder being replaced is never missing. */
#include <fcntl.h>

extern int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);

static inline int swatchbook_exchange(const char *first, const char *second) {
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, 1u << 1 /* RENAME_EXCHANGE */);
}
