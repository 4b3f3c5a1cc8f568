#include "viewer/app/tour_command.h"

#include <SFML/Graphics/Font.hpp>
#include <fmt/core.h>

#include <algorithm>

#include "gamehost/base/error.h"
#include "gamehost/calls/registry.h"
#include "gamehost/tour/tour.h"
#include "viewer/app/application.h"
#include "viewer/export/headless.h"
#include "viewer/render/environment.h"
#include "viewer/teaching/tour_mode.h"

namespace viewer {

int run_tour(const TourCommand& c) {
  if (c.window && (c.dump.empty() || c.dump == "-")) return tour_fail(kExitUsage, "--window: give --dump-panel FILE too");
  if (!c.answers.empty() && ((c.dump.empty() && c.screenshot.empty()) || c.window))
    return tour_fail(kExitUsage, "--answer: only with --dump-panel or --screenshot (no window)");
  if (!c.screenshot.empty() && c.window) return tour_fail(kExitUsage, "--screenshot: not with --window");
  if (!c.screenshot.empty())
    if (const auto problem = prepare_output(c.screenshot, OutputKind::File, false))
      return tour_fail(kExitError, *problem);
  if (!c.dump.empty() && c.dump != "-")
    if (const auto problem = prepare_output(c.dump, OutputKind::File, false)) return tour_fail(kExitError, *problem);
  try {
    const std::string path = c.file.empty() ? gamehost::default_tour_path() : c.file;
    gamehost::Tour tour = gamehost::read_tour(path);
    gamehost::Registry registry = gamehost::Registry::scan(gamehost::plugin_search_path(c.plugin_dirs), c.load);
    gamehost::Plugin& plugin = gamehost::tour_plugin(registry, tour);
    const int count = static_cast<int>(tour.steps.size());
    if (c.step < 1 || c.step > count)
      return tour_fail(kExitUsage, fmt::format("--step {}: {} has steps 1 to {}", c.step, path, count));
    TourModel model(plugin, std::move(tour), static_cast<std::size_t>(c.step - 1));
    if (!c.window)
      for (const auto& a : c.answers) model.answer(a);
    if (!c.dump.empty() && !c.window && !write_tour_dump(c.dump, model.dump()))
      return tour_fail(kExitError, "cannot write " + c.dump);
    if (!c.dump.empty() && !c.window && c.screenshot.empty()) return kExitOk;
    const FontChoice font_choice = choose_font(c.font_path);
    if (!font_choice.problem.empty()) return tour_fail(kExitNoFont, font_choice.problem);
    if (const auto problem = display_problem()) return tour_fail(kExitNoDisplay, *problem);
    // RenderScene is optional: the window and the screenshot draw the
    // game's scenes, the text dump needs none.
    const auto& methods = plugin.info().optional_methods();
    if (std::find(methods.begin(), methods.end(), pb::METHOD_RENDER_SCENE) == methods.end())
      return tour_fail(kExitError, fmt::format("{}: the {} plugin draws no scenes (no RenderScene): the tour is shown "
                                               "as text only, with --dump-panel",
                                               path, plugin.id()));
    if (!c.screenshot.empty()) return save_tour_screenshot(model, font_choice.path, c.screenshot);
    sf::Font font;
    if (!font.loadFromFile(font_choice.path)) return tour_fail(kExitNoFont, "cannot load the font " + font_choice.path);
    WindowOptions window;
    window.title = model.tour().title.empty() ? "replay-viewer --tour" : model.tour().title;
    window.antialias = c.antialias;
    Application application(window);
    const std::string dump = c.dump;
    application.push(make_tour_state(model, font, [dump](const TourModel& m) {
      if (!dump.empty() && !write_tour_dump(dump, m.dump())) throw gamehost::HostError("cannot write " + dump);
    }));
    return application.run();
  } catch (const std::exception& e) {
    return tour_fail(kExitError, std::string("error: ") + e.what());
  }
}

}  // namespace viewer
