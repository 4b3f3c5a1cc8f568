// --color, --no-color and --color-scheme: whether and how the terminal board is coloured
// (gamehost/text/terminal_board.h).
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
  cmd->add_option_function<std::string>(
         "--color-scheme",
         [](const std::string& v) { set_color_scheme(v == "light" ? ColorScheme::Light : ColorScheme::Dark); },
         "the terminal's background: dark (default) or light (white pieces drawn black, the last move's brackets "
         "dark yellow)")
      ->type_name("dark|light")
      ->check(CLI::IsMember({"dark", "light"}));
}

}  // namespace gamehost
