// The browser code of gamehost (host/web/assets/): the scene renderer and
// the replay page, carried inside the binary (host/web/CMakeLists.txt), so
// that `gamehost export --format html` and the page of `gamehost serve`
// need no file at run time (docs/web.md).
#pragma once

#include <span>
#include <string_view>

namespace gamehost::web {

struct WebAsset {
  std::string_view name;          // as in host/web/assets/, e.g. "scene.js"
  std::string_view content_type;  // for an HTTP answer, e.g. "text/css; charset=utf-8"
  std::string_view bytes;
};

// Every asset, in the order host/web/CMakeLists.txt lists them.
std::span<const WebAsset> web_assets();

// The asset named `name`, or nullptr.
const WebAsset* find_web_asset(std::string_view name);

}  // namespace gamehost::web
