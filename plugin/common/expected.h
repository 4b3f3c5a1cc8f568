// Error values for external input (a user's move, a diagram, a byte string).
// Internal invariants assert instead; user input never does.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace gamecore {

// A refusal with a short stable code naming the rule broken (Alien City's
// ruling "R8", City Planning's "C5") and a sentence for people.
struct Error {
  std::string code;
  std::string message;
};

// A refusal by a ruling of the game's rules document, worded
// "ruling R8 (rule 4): why": the word "ruling" keeps the code from reading
// as a lot or a point named alike ("R8", "C5"); `published` is the published
// rule's own number, when it has one.
inline Error rule_error(const std::string& code, const std::string& why, const std::string& published = "") {
  return Error{code, "ruling " + code + (published.empty() ? "" : " (rule " + published + ")") + ": " + why};
}

// Either a value or an Error (std::expected arrives only in C++23).
template <class T>
class Expected {
 public:
  Expected(T value) : v_(std::move(value)) {}
  Expected(Error error) : v_(std::move(error)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  const T& value() const& { assert(ok()); return std::get<0>(v_); }
  T& value() & { assert(ok()); return std::get<0>(v_); }
  T&& value() && { assert(ok()); return std::get<0>(std::move(v_)); }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { assert(!ok()); return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

}  // namespace gamecore
