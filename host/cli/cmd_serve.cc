// `gamehost serve`: the network server (docs/protocol.md).
#include <fmt/core.h>

#include <iostream>

#include "commands.h"
#include "gamehost/base/machine.h"
#include "gamehost/server/http_server.h"

namespace gamehost {
namespace {

struct ServeArgs {
  server::ServerOptions options;
  std::string data_dir = "gamehost-data";
  std::string join_password_file;
  int engine_threads = 1;
};

// Serves until SIGINT or SIGTERM.
void run_serve(Common& common, ServeArgs& args) {
  args.options.lobby.data_dir = args.data_dir;
  args.options.lobby.engine_threads = args.engine_threads;
  if (!args.join_password_file.empty()) {
    std::string password = read_text_file(args.join_password_file, "--join-password-file");
    while (!password.empty() && (password.back() == '\n' || password.back() == '\r')) password.pop_back();
    if (password.empty())
      throw UsageError(fmt::format("--join-password-file {}: the file is empty", args.join_password_file));
    args.options.lobby.join_password = password;
  }
  for (const auto& origin : args.options.allowed_origins)
    if (origin.rfind("http://", 0) != 0 && origin.rfind("https://", 0) != 0)
      throw UsageError(fmt::format("--allow-origin '{}': expected http://HOST[:PORT] or https://HOST[:PORT]", origin));
  Registry registry = common.registry();
  server::run_server(registry, args.options, std::cout);
}

}  // namespace

void add_serve_command(CLI::App& app, Common& common) {
  auto args = std::make_shared<ServeArgs>();
  auto* cmd = app.add_subcommand("serve", "host games over the network: HTTP and WebSocket on one port (docs/protocol.md)");
  cmd->add_option("--port", args->options.port, "TCP port (0: any free one, printed)")->capture_default_str();
  cmd->add_option("--bind", args->options.bind, "address to listen on (0.0.0.0: every interface)")->capture_default_str();
  cmd->add_option("--data", args->data_dir,
                  "folder of the server's records (server.sqlite) and of every game's log (games/ID.ghlog)")
      ->type_name("DIR")
      ->capture_default_str();
  cmd->add_option("--engine-threads", args->engine_threads,
                  "threads shared by every engine the server seats (searches wait their turn; people's moves never do)")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  cmd->add_option("--join-password-file", args->join_password_file,
                  "ask this password (the file's first line) before a client may create or join a game")
      ->type_name("FILE");
  cmd->add_option("--allow-origin", args->options.allowed_origins,
                  "a web page origin allowed to open the WebSocket besides the server's own (repeatable)")
      ->type_name("URL");
  cmd->add_option("--max-message-bytes", args->options.lobby.max_message_bytes, "the largest frame a client may send")
      ->check(CLI::Range(1024, 16 * 1024 * 1024))
      ->capture_default_str();
  cmd->add_option("--rate", args->options.messages_per_second, "messages a second one connection may send")
      ->check(CLI::Range(1.0, 100000.0))
      ->capture_default_str();
  cmd->footer("Stop with Ctrl-C or SIGTERM: every unfinished game is in its log and resumes at the next start, "
              "also after kill -9. With --isolate (an option of gamehost itself) each game's plugin runs in its "
              "own process: a plugin that crashes ends that game with the fault recorded, never the server.");
  cmd->callback([&common, args] { run_serve(common, *args); });
}

}  // namespace gamehost
