#include "gamehost/web/assets.h"

namespace gamehost::web {

const WebAsset* find_web_asset(std::string_view name) {
  for (const WebAsset& a : web_assets())
    if (a.name == name) return &a;
  return nullptr;
}

}  // namespace gamehost::web
