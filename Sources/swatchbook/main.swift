import CMalloc
import Foundation
import SwatchbookCLI

// A render is one short process that allocates and frees band after band:
// memory it frees is kept for what it allocates next, rather than handed
// back to the kernel (blocks over 128 KiB, and a heap top over 128 KiB) and
// faulted in again page by page. Faults are dear on a virtual machine: the
// lazy 1000×10×50 render took 4.5% longer without this.
_ = mallopt(M_MMAP_THRESHOLD, 64 << 20)
_ = mallopt(M_TRIM_THRESHOLD, 256 << 20)

exit(SwatchbookCLI.main(Array(CommandLine.arguments.dropFirst())))
