#include "gamehost/play/agents/human_agent.h"

#include <boost/algorithm/string/classification.hpp>
#include <boost/algorithm/string/trim.hpp>
#include <fmt/core.h>
#include <fmt/ostream.h>

#include "gamehost/play/agents/coach.h"

#include <istream>
#include <map>
#include <utility>
#include <ostream>

#include "gamehost/text/input_checks.h"
#include "gamehost/text/terminal_board.h"

namespace gamehost {
namespace {

std::string trim(const std::string& s) { return boost::algorithm::trim_copy_if(s, boost::is_any_of(" \t\r\n")); }

// Longer lines are refused unread: no move is this long, and the game's
// message would echo the whole line.
constexpr std::size_t kMaxMoveBytes = 200;

std::string first_word(const std::string& s) { return s.substr(0, s.find(' ')); }

// What the human agent's spec sets (human:hint_iters=N,coach=1,seed=S).
struct HumanOptions {
  std::uint64_t hint_iters = kDefaultHintIters;  // the search behind "hint" and the coach's verdicts
  std::uint64_t seed = 0;           // its seed
  bool coached = false;             // a verdict after every move
  bool color = false;               // the board in ANSI colour
};

class HumanAgent final : public Agent {
 public:
  HumanAgent(std::istream& in, std::ostream& out, Coach* coach, const HumanOptions& o)
      : in_(in), out_(out), coach_(coach), options_(o) {}

  std::optional<std::uint32_t> choose(const Turn& turn) override {
    const std::string& who = turn.game.info().player_names(turn.seat);
    show_board(turn, who);
    std::string line;
    while (true) {
      fmt::print(out_, "{}> ", who);
      out_.flush();
      if (!std::getline(in_, line)) {
        fmt::print(out_, "\nEnd of input: the game is abandoned.\n");
        return std::nullopt;
      }
      const std::string cmd = trim(line);
      if (cmd.empty()) continue;
      // Checked here, before any protobuf message holds it.
      if (const auto bad = invalid_utf8_at(cmd)) {
        fmt::print(out_, "Not understood: the input is not UTF-8 text (byte {}). Type 'help' for commands.\n", *bad);
        continue;
      }
      if (cmd.size() > kMaxMoveBytes) {
        fmt::print(out_, "Not understood: a line of {} bytes is longer than any move ({} at most). Type 'help' for "
                         "commands.\n", cmd.size(), kMaxMoveBytes);
        continue;
      }
      if (cmd == "help" || cmd == "?") {
        help(turn);
      } else if (cmd == "moves") {
        pb::QueryFlags f;
        f.set_legal_details(true);
        const auto info = turn.game.query(turn.state, f);
        std::string list;
        for (const auto& a : info.legal()) list += (list.empty() ? "" : " ") + a.notation();
        fmt::print(out_, "{} legal: {}\n", info.legal_size(), list);
      } else if (cmd == "hint") {
        if (!coach_) fmt::print(out_, "No engine here to ask for a hint.\n");
        else fmt::print(out_, "{}", coach_->hint(turn, options_.hint_iters, options_.seed));
      } else if (cmd == "undo" || cmd == "takeback") {
        // The game takes back this seat's last move and the replies since,
        // recorded in the log (docs/logs.md, "Takebacks").
        takeback_asked_ = true;
        return std::nullopt;
      } else if (cmd == "board") {
        show_board(turn, who);
      } else if (cmd == "quit") {
        fmt::print(out_, "The game is abandoned.\n");
        return std::nullopt;
      } else if (is_topic(turn, first_word(cmd))) {
        try {
          fmt::print(out_, "{}", turn.game.analyze(turn.state, cmd).text());
        } catch (const CallError& e) {
          fmt::print(out_, "{}\n", e.what());
        }
      } else {
        pb::ParseActionRequest req;
        req.set_state(turn.state);
        req.set_text(cmd);
        pb::ParseActionResponse resp;
        try {
          turn.game.call(pb::METHOD_PARSE_ACTION, req, resp);
          return resp.action().id();
        } catch (const CallError& e) {
          fmt::print(out_, "{}: {}\n",
                     e.status() == pb::ILLEGAL_ACTION ? "Illegal" : "Not understood", e.what());
          fmt::print(out_, "Type 'moves' for the legal actions, 'help' for commands.\n");
        }
      }
    }
  }

  // The coach's verdict on the move just chosen and, when it lost at least
  // an inaccuracy, the offer to take it back.
  bool take_back(const Turn& turn, std::uint32_t action) override {
    if (!options_.coached || !coach_) return false;
    const MoveVerdict v = coach_->judge(turn, action, options_.hint_iters, options_.seed);
    fmt::print(out_, "{}", v.text);
    if (!v.offer_take_back) return false;
    fmt::print(out_, "Take back? [y/N] ");
    out_.flush();
    std::string line;
    if (!std::getline(in_, line)) {  // end of input: the move stands
      fmt::print(out_, "\n");
      return false;
    }
    const std::string answer = trim(line);
    const bool yes = answer == "y" || answer == "Y" || answer == "yes";
    if (yes) fmt::print(out_, "Taken back.\n");
    return yes;
  }

  bool takeback_asked() override { return std::exchange(takeback_asked_, false); }
  void takeback_refused(const std::string& why) override { fmt::print(out_, "No takeback: {}.\n", why); }

  // Always "human": hint and coach settings change no recorded move.
  std::string spec() const override { return "human"; }

 private:
  // The board as this seat may see it: in a game with hidden information
  // the seat's observation (Observe), never the omniscient StateInfo.text.
  // The last move is marked.
  void show_board(const Turn& turn, const std::string& who) {
    const std::string before = turn.before ? *turn.before : "";
    const std::string board =
        turn.game.info().has_hidden_information()
            ? seat_board_text(turn.game, turn.state, before, turn.seat, options_.color)
            : board_text(turn.game, turn.state, before, options_.color);
    fmt::print(out_, "\n{}Ply {}: {} to move ({})\n", board, turn.ply, who, turn.info.phase());
  }

  static bool is_topic(const Turn& turn, const std::string& word) {
    for (const auto& [topic, help] : turn.game.info().analysis_topics())
      if (first_word(topic) == word) return true;
    return false;
  }

  void help(const Turn& turn) {
    fmt::print(out_, "Type an action in the game's notation (e.g. {}), or:\n",
               turn.game.query(turn.state, [] {
                 pb::QueryFlags f;
                 f.set_legal_details(true);
                 return f;
               }()).legal(0).notation());
    fmt::print(out_,
               "  {:<10} this help\n  {:<10} every legal action\n  {:<10} the board again\n"
               "  {:<10} the engine's best move and why\n"
               "  {:<10} take back your last move and the replies since (kept in the log as taken back)\n"
               "  {:<10} abandon the game (the log stays unfinished)\n",
               "help", "moves", "board", "hint", "takeback", "quit");
    // Sorted: protobuf maps iterate in no fixed order.
    const std::map<std::string, std::string> topics(turn.game.info().analysis_topics().begin(),
                                                    turn.game.info().analysis_topics().end());
    for (const auto& [topic, text] : topics) fmt::print(out_, "  {:<10} {}\n", topic, text);
  }

  std::istream& in_;
  std::ostream& out_;
  Coach* coach_;
  HumanOptions options_;
  bool takeback_asked_ = false;  // "takeback" typed: choose() returned for it
};

}  // namespace

std::unique_ptr<Agent> make_human_agent(const AgentSpec& spec, const AgentContext& context) {
  if (!context.in || !context.out) throw HostError("agent 'human': no terminal to play on");
  HumanOptions o;
  if (auto n = spec.get("hint_iters")) o.hint_iters = unsigned_param(*n);
  // Bounded like every agent parameter: a search of 10^9 iterations never answers.
  if (o.hint_iters == 0 || o.hint_iters > 1'000'000)
    throw HostError(fmt::format("agent '{}': hint_iters must be 1..1000000", spec_text(spec)));
  if (auto c = spec.get("coach")) {
    if (*c != "0" && *c != "1") throw HostError(fmt::format("agent '{}': coach must be 0 or 1", spec_text(spec)));
    o.coached = *c == "1";
  }
  o.coached = o.coached || context.coached;
  o.color = context.color;
  // By default the seed mcts:iters=N would have at this seat, so that a hint
  // names the move that agent would choose here.
  o.seed = spec.get("seed") ? unsigned_param(*spec.get("seed")) : default_agent_seed(context, 0x3C75ull);
  return std::make_unique<HumanAgent>(*context.in, *context.out, context.coach, o);
}

}  // namespace gamehost
