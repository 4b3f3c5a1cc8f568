// Error values for external input (a user's move, a diagram, a byte string).
// Internal invariants assert instead; user input never does.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace gamecore {

// A refusal with a short stable code naming the rule broken (Alien City's
// "E5", City Planning's "C5") and a sentence for people.
struct Error {
  std::string code;
  std::string message;
};

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
