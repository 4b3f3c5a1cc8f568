// A library planted in the folder a program runs from, under the names of
// the libraries the program needs (planted_library_test.sh): when loaded, its
// constructor leaves a mark, so the test sees foreign code run.
#include <cstdio>
#include <cstdlib>

__attribute__((constructor)) static void leave_mark() {
  if (const char* mark = std::getenv("GAMEHOST_PLANTED_MARK")) {
    if (std::FILE* f = std::fopen(mark, "a")) {
      std::fputs("the planted library was loaded\n", f);
      std::fclose(f);
    }
  }
}
