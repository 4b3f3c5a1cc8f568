// "Did you mean" for names people type (agents, games, parameters).
#pragma once

#include <string>
#include <vector>

namespace gamehost {

// "did you mean 'x'? " when a candidate is at most two edits from `word`
// (the closest, the first on ties), else "".
std::string suggestion(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace gamehost
