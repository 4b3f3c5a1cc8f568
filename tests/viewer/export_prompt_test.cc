// The E key's prompt as a unit (viewer/export/export_prompt.h): editing, Enter and
// Esc, what each extension saves and the proposed path. The window test
// drives the same prompt through real key presses.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>

#include "viewer/export/export_prompt.h"
#include "viewer_test_support.h"

using viewer::ExportPrompt;
namespace fs = std::filesystem;

TEST_CASE("the export prompt edits a path and answers Save or Cancel", "[unit][export]") {
  ExportPrompt p;
  CHECK_FALSE(p.active());
  p.open("/tmp/seed-1.gif");
  CHECK(p.active());
  CHECK(p.cursor() == 15);
  for (int i = 0; i < 3; ++i) CHECK(p.key(sf::Keyboard::BackSpace) == ExportPrompt::Outcome::Editing);
  for (char c : std::string("webp")) p.type(static_cast<sf::Uint32>(c));
  CHECK(p.path() == "/tmp/seed-1.webp");
  // Control characters (Enter's '\r', Backspace's '\b') are not text.
  p.type('\r');
  p.type('\b');
  p.type(127);
  CHECK(p.path() == "/tmp/seed-1.webp");
  // Home, Delete, a multi-byte character, → and ←.
  p.key(sf::Keyboard::Home);
  p.key(sf::Keyboard::Delete);
  CHECK(p.path() == "tmp/seed-1.webp");
  p.type(0x00e9);  // é
  CHECK(p.path() == "étmp/seed-1.webp");
  CHECK(p.cursor() == 2);
  p.key(sf::Keyboard::Left);
  CHECK(p.cursor() == 0);
  p.key(sf::Keyboard::Right);
  CHECK(p.cursor() == 2);
  p.key(sf::Keyboard::BackSpace);
  CHECK(p.path() == "tmp/seed-1.webp");
  p.key(sf::Keyboard::End);
  CHECK(p.cursor() == p.path().size());
  CHECK(p.key(sf::Keyboard::Enter) == ExportPrompt::Outcome::Save);
  CHECK_FALSE(p.active());
  CHECK(p.path() == "tmp/seed-1.webp");

  p.open("x.gif");
  CHECK(p.key(sf::Keyboard::Escape) == ExportPrompt::Outcome::Cancel);
  CHECK_FALSE(p.active());
  // An empty name is not saved: the prompt stays.
  p.open("");
  CHECK(p.key(sf::Keyboard::Enter) == ExportPrompt::Outcome::Editing);
  CHECK(p.active());
}

TEST_CASE("the extension says what E saves; the proposed path is never just the current folder", "[unit][export]") {
  CHECK(viewer::export_kind("a/b.gif") == viewer::ExportKind::Gif);
  CHECK(viewer::export_kind("B.WEBP") == viewer::ExportKind::WebP);
  CHECK(viewer::export_kind("c.png") == viewer::ExportKind::Png);
  CHECK_FALSE(viewer::export_kind("c.jpg").has_value());
  CHECK_FALSE(viewer::export_kind("gif").has_value());
  // --export-dir wins; else the log's folder when writable.
  CHECK(viewer::default_export_path("/x/y/seed-1.ghlog", "/out") == "/out/seed-1.gif");
  const fs::path dir = viewer_test::temp_dir("export-default");
  CHECK(viewer::default_export_path((dir / "game.ghlog").string(), "") == (dir / "game.gif").string());
  // A folder that cannot be written (as root every folder can, so a
  // missing one stands in): $HOME.
  const char* home = std::getenv("HOME");
  REQUIRE(home);
  CHECK(viewer::default_export_path("/no/such/folder/seed-2.ghlog", "") == (fs::path(home) / "seed-2.gif").string());
}
