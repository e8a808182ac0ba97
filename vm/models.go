package vm

// ModelsVersion numbers the behaviour of the board models: the cores, the
// devices and the built-in boards' maps. It goes up with every change
// that makes some firmware run differently (a device register's rule, an
// instruction's corner case, a board's memory map), never for one that
// only makes the same run faster. A recording keeps the version it was
// made with, so that a replay that diverges can say the models changed
// since.
//
// 5: session 5 (VCVTB/T F16<->F64 under FPSCR.AHP, FMA of inf*0 with a
// signalling-NaN addend). Recordings made before the number was kept
// decode as 0.
const ModelsVersion = 5
