import Foundation
import SwatchbookCLI

exit(SwatchbookCLI.main(Array(CommandLine.arguments.dropFirst())))
