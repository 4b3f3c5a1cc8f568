#include "alien_city/records/records.h"

#include "alien_city/records/abstractplay.h"
#include "alien_city/records/city_record.h"
#include "alien_city/records/ppn.h"

namespace alien_city::records {

Outcome read_record(const pb::ReadRecordRequest& req, pb::ReadRecordResponse& resp) {
  try {
    CityGame game;
    if (req.format() == "ppn") {
      game = read_ppn(req.text(), req.file());
      game.meta.source = "PPN file " + req.file();
    } else {
      AbstractPlayGame ap = read_abstractplay(req.text(), req.file());
      game = std::move(ap.game);
      for (double s : ap.scores) resp.add_scores(s);
      if (!ap.scores.empty()) resp.set_scored_by("Abstract Play");
    }
    fill_response(game, resp);
    return std::nullopt;
  } catch (const OtherGameError& e) {
    resp.Clear();
    return gamehost::kit::refuse(pb::INVALID_ARGUMENT, e.what(), "OTHER_GAME");
  } catch (const std::exception& e) {  // RecordError, and the YAML reader's own
    resp.Clear();
    return gamehost::kit::refuse(pb::INVALID_ARGUMENT, e.what());
  }
}

Outcome write_record(const pb::WriteRecordRequest& req, pb::WriteRecordResponse& resp) {
  try {
    resp.set_text(write_ppn(req));  // the only format written (kit checks it is listed)
    return std::nullopt;
  } catch (const std::exception& e) {  // RecordError, and the YAML writer's own
    return gamehost::kit::refuse(pb::INVALID_ARGUMENT, e.what());
  }
}

}  // namespace alien_city::records
