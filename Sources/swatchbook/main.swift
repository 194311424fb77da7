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

// Deep input is bounded by Swatchbook's own limits (a tree's 1000 levels,
// a colour's nesting, a JSON document's depth), each of which is checked
// before it recurses, not by the stack a platform gives its main thread
// (8 MiB here, less elsewhere, and a build with sanitizers needs more of
// it a level). The command runs on a thread with a stack of its own, which
// only takes memory as deep as it goes; the main thread waits.
let arguments = Array(CommandLine.arguments.dropFirst())
let command = Thread { exit(SwatchbookCLI.main(arguments)) }
command.stackSize = 64 << 20
command.start()
while true { pause() }
