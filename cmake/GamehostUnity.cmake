# Unity builds (GAMEHOST_UNITY_BUILD, on by default): each target's own
# sources are compiled in batches of eight, one translation unit a batch, so
# the heavy headers (CLI11, Catch2, pybind11, protobuf, SFML) are parsed and
# their inline code compiled once a batch instead of once a file. On two
# cores that halves the build. Sources protoc generates define file-local
# tables under the same names, so they are compiled on their own.
set(CMAKE_UNITY_BUILD ${GAMEHOST_UNITY_BUILD})
set(CMAKE_UNITY_BUILD_BATCH_SIZE 8)

# Marks every generated protobuf source of every target below `dir` to stay
# out of the batches. Called once, after every target exists.
function(gamehost_unity_skip_generated dir)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  foreach(target IN LISTS targets)
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "INTERFACE_LIBRARY" OR type STREQUAL "UTILITY")
      continue()
    endif()
    get_target_property(sources ${target} SOURCES)
    foreach(source IN LISTS sources)
      if(source MATCHES "(\\.pb\\.cc|_descriptors\\.cc)$")
        set_source_files_properties(${source} TARGET_DIRECTORY ${target}
                                    PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
      endif()
    endforeach()
  endforeach()
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    gamehost_unity_skip_generated(${sub})
  endforeach()
endfunction()
