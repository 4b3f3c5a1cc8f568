// --color and --no-color: whether the terminal board is coloured
// (gamehost/terminal_board.h).
#include "commands.h"

namespace gamehost {

void add_color_options(CLI::App* cmd, Common& common) {
  auto* color = cmd->add_option_function<std::string>(
                       "--color",
                       [&common](const std::string& v) { common.color = *parse_color_choice(v); },
                       "colour the board: auto (on a terminal, unless NO_COLOR is set), always or never")
                    ->type_name("WHEN")
                    ->check(CLI::IsMember({"auto", "always", "never"}));
  cmd->add_flag_callback("--no-color", [&common] { common.color = ColorChoice::Never; }, "the same as --color never")
      ->excludes(color);
}

}  // namespace gamehost
