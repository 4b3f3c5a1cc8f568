// The web page of `gamehost serve` (docs/web.md, "The served page"): the
// lobby and the game page, and the browser code they load, all carried in
// the binary (gamehost/web/assets.h).
#pragma once

#include <optional>
#include <string_view>

namespace gamehost::server {

struct WebFile {
  std::string_view content_type;
  std::string_view bytes;
};

// What the page serves at `path` ("/", "/index.html", "/assets/NAME"), or
// nothing when the path is not the page's.
std::optional<WebFile> web_file(std::string_view path);

}  // namespace gamehost::server
