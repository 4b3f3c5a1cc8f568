# cmake -DPROGRAM=exe -DHELP2MAN=help2man -DSUMMARY=text -DVERSION=v -DOUT=page.1 -P man_page.cmake
# help2man's page of PROGRAM --help, with a SUBCOMMANDS section holding each
# subcommand's --help verbatim (the subcommands are read from the
# "Subcommands:" list of PROGRAM --help).
get_filename_component(name ${PROGRAM} NAME)
execute_process(COMMAND ${PROGRAM} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} --help failed (${rc})")
endif()

# Roff: a backslash is \e, and a line starting with . or ' is a request.
function(roff_verbatim OUT text)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${OUT} ".nf\n${text}\n.fi\n" PARENT_SCOPE)
endfunction()

# @GAMEHOST_DOCS@ becomes the installed docs folder at install time
# (GamehostManPages.cmake), whatever the prefix.
set(include "[SEE ALSO]\nThe documentation in @GAMEHOST_DOCS@ (README.md and the pages named above).\n")
string(FIND "${help}" "\nSubcommands:\n" at)
if(at GREATER -1)
  string(SUBSTRING "${help}" ${at} -1 list)
  string(REGEX MATCHALL "\n  [a-z][a-z0-9-]*  " subs "${list}")
  set(section "")
  foreach(sub IN LISTS subs)
    string(STRIP "${sub}" sub)
    execute_process(COMMAND ${PROGRAM} ${sub} --help OUTPUT_VARIABLE sub_help RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "${PROGRAM} ${sub} --help failed (${rc})")
    endif()
    roff_verbatim(body "${sub_help}")
    string(APPEND section ".SS \"${name} ${sub}\"\n${body}")
  endforeach()
  string(PREPEND include "[SUBCOMMANDS]\n${section}")
endif()
file(WRITE ${OUT}.h2m "${include}")
# C.UTF-8: the viewer's keys are arrows (←), which help2man would print as "???" in the C locale.
execute_process(COMMAND ${HELP2MAN} --no-info --no-discard-stderr --locale=C.UTF-8 --version-string=${VERSION}
                      --name=${SUMMARY} --include=${OUT}.h2m --output=${OUT} ${PROGRAM}
              RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "help2man failed on ${PROGRAM} (${rc})")
endif()
# The help names pages as in the source tree ("docs/review.md"); the page
# names them where they are installed.
file(READ ${OUT} page)
# gamehost --help ends with "Exit status:": the page's EXIT STATUS section.
string(REPLACE ".SS \"Exit status:\"" ".SH \"EXIT STATUS\"" page "${page}")
# replay-viewer --help's "Keys:" (viewer/app/keys.cc, the window's help too):
# the page's KEYS section.
string(REPLACE ".SS \"Keys:\"" ".SH \"KEYS\"" page "${page}")
string(REGEX REPLACE "([ (`'\"])docs/" "\\1@GAMEHOST_DOCS@/" page "${page}")
file(WRITE ${OUT} "${page}")
