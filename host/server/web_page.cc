#include "gamehost/server/web_page.h"

#include "gamehost/web/assets.h"

namespace gamehost::server {

std::optional<WebFile> web_file(std::string_view path) {
  constexpr std::string_view kAssets = "/assets/";
  std::string_view name;
  if (path == "/" || path == "/index.html") name = "index.html";
  else if (path.substr(0, kAssets.size()) == kAssets) name = path.substr(kAssets.size());
  else return std::nullopt;
  const web::WebAsset* asset = web::find_web_asset(name);
  if (!asset) return std::nullopt;
  return WebFile{asset->content_type, asset->bytes};
}

}  // namespace gamehost::server
