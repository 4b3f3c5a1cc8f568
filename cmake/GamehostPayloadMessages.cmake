# gamehost_payload_messages(): a game's own payload messages, for plugins
# built in this tree and (installed, through find_package(gamehost)) outside it.
#
# gamehost_payload_messages(TARGET name PROTO file.proto NAMESPACE ns)
# For a plugin's own messages (payloads packed into Any): a static PIC
# library with the lite generated code, plus `std::string_view
# ns::payload_descriptors()` returning the FileDescriptorSet the plugin puts
# in GameInfo.payload_descriptors. The .proto must say
# `option optimize_for = LITE_RUNTIME;`.
# embed_bytes.cmake lies beside this file, in the source tree and installed.
set(GAMEHOST_EMBED_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/embed_bytes.cmake CACHE INTERNAL "")
function(gamehost_payload_messages)
  cmake_parse_arguments(arg "" "TARGET;PROTO;NAMESPACE" "" ${ARGN})
  find_package(Protobuf REQUIRED)
  get_filename_component(proto ${arg_PROTO} ABSOLUTE)
  get_filename_component(proto_dir ${proto} DIRECTORY)
  get_filename_component(stem ${proto} NAME_WE)
  set(gen ${CMAKE_CURRENT_BINARY_DIR}/${arg_TARGET}_gen)
  file(MAKE_DIRECTORY ${gen})
  add_custom_command(
    OUTPUT ${gen}/${stem}.pb.h ${gen}/${stem}.pb.cc ${gen}/${stem}_descriptors.cc
    COMMAND protobuf::protoc --cpp_out=${gen} --include_imports
            --descriptor_set_out=${gen}/${stem}.desc -I ${proto_dir} ${proto}
    COMMAND ${CMAKE_COMMAND} -DIN=${gen}/${stem}.desc -DOUT=${gen}/${stem}_descriptors.cc
            -DNAME=payload_descriptors -DNAMESPACE=${arg_NAMESPACE} -P ${GAMEHOST_EMBED_SCRIPT}
    DEPENDS ${proto} ${GAMEHOST_EMBED_SCRIPT} protobuf::protoc
    COMMENT "Generating ${stem} payload messages and descriptors"
    VERBATIM)
  add_library(${arg_TARGET} STATIC ${gen}/${stem}.pb.cc ${gen}/${stem}_descriptors.cc)
  target_include_directories(${arg_TARGET} PUBLIC ${gen})
  target_link_libraries(${arg_TARGET} PUBLIC protobuf::libprotobuf)
  target_compile_options(${arg_TARGET} PRIVATE -w)
  set_target_properties(${arg_TARGET} PROPERTIES POSITION_INDEPENDENT_CODE ON
                        CXX_VISIBILITY_PRESET hidden)
endfunction()
