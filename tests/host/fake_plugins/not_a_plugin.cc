// A valid shared library without the gamehost entry points.
extern "C" __attribute__((visibility("default"))) int not_a_game() { return 42; }
