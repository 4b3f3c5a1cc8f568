#include "x11_window.h"

#include <catch2/catch.hpp>
#include <dlfcn.h>

#include <X11/Xutil.h>
#include <unistd.h>

namespace viewer_test {

Display* shared_display() {
  static Display* d = XOpenDisplay(nullptr);
  return d;
}

Window find_window(Display* d) {
  for (int i = 0; i < 500; ++i) {
    Window root_return, parent, *children = nullptr;
    unsigned n = 0;
    XQueryTree(d, DefaultRootWindow(d), &root_return, &parent, &children, &n);
    Window found = 0;
    for (unsigned k = 0; k < n && !found; ++k) {
      XWindowAttributes a;
      if (XGetWindowAttributes(d, children[k], &a) && a.map_state == IsViewable && a.width >= 640) found = children[k];
    }
    if (children) XFree(children);
    if (found) return found;
    usleep(10000);
  }
  return 0;
}

sf::Image capture_window(Display* d, Window w) {
  XWindowAttributes a;
  XGetWindowAttributes(d, w, &a);
  sf::Image out;
  out.create(static_cast<unsigned>(a.width), static_cast<unsigned>(a.height));
  XImage* image = XGetImage(d, w, 0, 0, static_cast<unsigned>(a.width), static_cast<unsigned>(a.height), AllPlanes, ZPixmap);
  if (!image) return out;
  for (int y = 0; y < a.height; ++y)
    for (int x = 0; x < a.width; ++x) {
      const unsigned long p = XGetPixel(image, x, y);
      out.setPixel(static_cast<unsigned>(x), static_cast<unsigned>(y),
                   sf::Color(static_cast<sf::Uint8>((p & image->red_mask) >> 16), static_cast<sf::Uint8>((p & image->green_mask) >> 8),
                             static_cast<sf::Uint8>(p & image->blue_mask)));
    }
  XDestroyImage(image);
  return out;
}

FakeInput load_fake_input() {
  void* xtst = dlopen("libXtst.so.6", RTLD_NOW);
  REQUIRE(xtst);
  FakeInput in;
  in.key = reinterpret_cast<decltype(in.key)>(dlsym(xtst, "XTestFakeKeyEvent"));
  in.motion = reinterpret_cast<decltype(in.motion)>(dlsym(xtst, "XTestFakeMotionEvent"));
  in.button = reinterpret_cast<decltype(in.button)>(dlsym(xtst, "XTestFakeButtonEvent"));
  REQUIRE((in.key && in.motion && in.button));
  return in;
}

void tap_key(Display* d, const FakeInput& input, unsigned long sym, unsigned pause_us) {
  const unsigned code = XKeysymToKeycode(d, sym);
  input.key(d, code, True, 0);
  input.key(d, code, False, 0);
  XFlush(d);
  usleep(pause_us);
}

void click_in_window(Display* d, const FakeInput& input, Window w, sf::Vector2f at, unsigned settle_us) {
  int x = 0, y = 0;
  Window child;
  XTranslateCoordinates(d, w, DefaultRootWindow(d), 0, 0, &x, &y, &child);
  input.motion(d, -1, x + static_cast<int>(at.x), y + static_cast<int>(at.y), 0);
  XFlush(d);
  usleep(settle_us);
  input.button(d, 1, True, 0);
  input.button(d, 1, False, 0);
  XFlush(d);
}

}  // namespace viewer_test
